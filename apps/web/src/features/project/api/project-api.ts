import { queryOptions } from '@tanstack/react-query';
import { ZProjectDashboard } from '@cuadre/contracts';
import { api } from '@/lib/api';

export const projectKeys = { dashboard: ['project', 'dashboard'] as const };

/** The project dashboard, from the tasks, boards, books, budgets and chats; read afresh on each visit, since any of them changes it. */
export const projectDashboardQuery = queryOptions({
  queryKey: projectKeys.dashboard,
  queryFn: ({ signal }) => api('dashboards/project', { schema: ZProjectDashboard, signal }),
  staleTime: 0,
});
