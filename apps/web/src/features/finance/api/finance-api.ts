import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ZBudget, ZBudgetList, ZCategoryList, ZFinanceDashboard, ZOk, type BudgetBody } from '@cuadre/contracts';
import { api } from '@/lib/api';

/** Every query of this area lives under this key; a budget written refreshes them all. */
export const financeKeys = {
  all: ['finance'] as const,
  budgets: (month: string) => ['finance', 'budgets', month] as const,
  dashboard: ['finance', 'dashboard'] as const,
  categories: ['finance', 'categories'] as const,
};

/** The budgets against a month's spending (YYYY-MM; empty: this month). */
export const budgetsQuery = (month: string) =>
  queryOptions({
    queryKey: financeKeys.budgets(month),
    queryFn: ({ signal }) => api('budgets', { query: month ? { month } : {}, schema: ZBudgetList, signal }),
  });

/** The finance dashboard, from the books; read afresh on each visit, since any entry changes it. */
export const financeDashboardQuery = queryOptions({
  queryKey: financeKeys.dashboard,
  queryFn: ({ signal }) => api('dashboards/finance', { schema: ZFinanceDashboard, signal }),
  staleTime: 0,
});

/** The chart's categories a budget can be set for: outflows, those in use. */
export const outflowCategoriesQuery = queryOptions({
  queryKey: financeKeys.categories,
  queryFn: async ({ signal }) => {
    const list = await api('categories', { query: { size: 100 }, schema: ZCategoryList, signal });
    return list.items.filter((c) => c.kind !== 'income' && c.active);
  },
  staleTime: 5 * 60_000,
});

export const setBudget = (body: BudgetBody) => api('budgets', { method: 'PUT', body, schema: ZBudget });
export const deleteBudget = (id: string) => api(`budgets/${id}`, { method: 'DELETE', schema: ZOk });

/** After a write: the budgets, the dashboard and the notifications a warning may have added. */
export const refreshFinance = (qc: QueryClient) => qc.invalidateQueries({ queryKey: financeKeys.all });
