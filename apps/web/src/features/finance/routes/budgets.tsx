import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { Budget } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { useNotices } from '@/components/notice';
import { formatMonth } from '@/lib/format';
import { useMoney } from '@/lib/settings';
import { budgetsQuery, deleteBudget, refreshFinance } from '../api/finance-api';
import { BudgetFormDialog } from '../components/budget-form-dialog';
import { usedShare } from '../lib/share';

const column = listColumns<Budget>();
const CONFIG: ListConfig<'category', never> = { sorts: ['category'], defaultSort: 'category', defaultOrder: 'asc' };
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** /user/budgets: a monthly budget per outflow category, each against the month's spending (the month of `?month=`, else this one). */
export default function Budgets() {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : '';
  const list = useListParams(CONFIG);
  const { params } = list;
  const budgets = useQuery(budgetsQuery(month));
  const [editing, setEditing] = useState<Budget | 'new' | null>(null);
  const { done, failed, view } = useNotices();

  // The API answers every budget (one per category, a short list); the search, order and pages are applied here.
  const paged = useMemo(() => {
    if (!budgets.data) return undefined;
    const q = params.search.trim().toLocaleLowerCase(i18n.language);
    let rows = q ? budgets.data.items.filter((b) => b.categoryName.toLocaleLowerCase(i18n.language).includes(q)) : budgets.data.items;
    if (params.order === 'desc') rows = [...rows].reverse();
    const total = rows.length;
    const lastPage = Math.max(1, Math.ceil(total / params.size));
    const page = Math.min(params.page, lastPage);
    return { items: rows.slice((page - 1) * params.size, page * params.size), pagination: { page, size: params.size, total, lastPage } };
  }, [budgets.data, params, i18n.language]);

  const actions = useRowActions<Budget>({
    nameOf: (b) => b.categoryName,
    onEdit: (b) => setEditing(b),
    remove: {
      title: t('finance.budgets.deleteTitle'),
      text: (b) => t('finance.budgets.deleteText', { name: b.categoryName }),
      run: (b) => deleteBudget(b.id),
      onDone: async (b) => {
        await refreshFinance(qc);
        done(t('finance.budgets.deleted', { name: b.categoryName }));
      },
      onError: failed,
    },
  });

  const columns = useMemo(
    () => [
      column.accessor('categoryName', { meta: { label: t('finance.budgets.category'), sortKey: 'category', card: 'title' }, cell: (c) => c.getValue() }),
      column.accessor('amount', { meta: { label: t('finance.budgets.amount'), align: 'right' }, cell: (c) => money(c.getValue()) }),
      column.accessor('spent', { meta: { label: t('finance.budgets.spent'), align: 'right' }, cell: (c) => money(c.getValue()) }),
      column.display({
        id: 'used',
        meta: { label: t('finance.budgets.used') },
        cell: ({ row: { original: b } }) => {
          const share = usedShare(b.spent, b.amount);
          return (
            <Stack spacing={0.5} sx={{ minWidth: 120 }}>
              <Typography variant="body2" color={share >= 100 ? 'error' : share >= 80 ? 'warning' : 'text.secondary'}>
                {t('finance.budgets.usedShare', { share })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(share, 100)}
                color={share >= 100 ? 'error' : share >= 80 ? 'warning' : 'primary'}
                aria-label={t('finance.budgets.usedOf', { name: b.categoryName, share })}
              />
            </Stack>
          );
        },
      }),
    ],
    [t, money],
  );

  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing('new')}>
      {t('finance.budgets.new')}
    </Button>
  );
  const shownMonth = budgets.data?.month ?? month;

  return (
    <Box>
      <PageHeader
        title={t('finance.budgets.title')}
        subtitle={shownMonth ? t('finance.budgets.subtitle', { month: formatMonth(shownMonth, i18n.language) }) : undefined}
        actions={
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to="/dashboards/finance"
              variant="outlined"
              startIcon={<Icon name="heroicons_outline:presentation-chart-line" size={20} />}
            >
              {t('finance.dashboard.title')}
            </Button>
            {newButton}
          </Stack>
        }
      />
      <ListToolbar
        list={list}
        searchLabel={t('finance.budgets.searchLabel')}
        searchPlaceholder={t('finance.budgets.searchPlaceholder')}
        sortLabels={{ category: t('finance.budgets.category') }}
      />
      <DataList
        label={t('finance.budgets.title')}
        list={list}
        query={{ ...budgets, data: paged }}
        columns={columns}
        getRowId={(b: Budget) => b.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:chart-pie', title: t('finance.budgets.emptyTitle'), text: t('finance.budgets.emptyText'), action: newButton }}
        noMatch={{ title: t('finance.budgets.noMatchTitle'), text: t('finance.budgets.noMatchText') }}
      />
      {actions.confirm}
      <BudgetFormDialog
        open={editing !== null}
        budget={editing === 'new' ? null : editing}
        taken={(budgets.data?.items ?? []).map((b) => b.categoryId)}
        onClose={() => setEditing(null)}
        onSaved={(b) => {
          setEditing(null);
          done(t('finance.budgets.saved', { name: b.categoryName }));
        }}
      />
      {view}
    </Box>
  );
}
