import type { RouteObject } from 'react-router';
import { page, title } from './route-parts';

/**
 * The supporting areas' screens (contacts, inventory, documents, chat, notes, tasks, icons…): any
 * signed-in user, whatever the plan. Loaded when one of their addresses is first visited and joined to
 * the shell's pages (router.tsx, discoverSupportingRoutes), so none of this is in the first load.
 */
export const supportingRoutes: RouteObject[] = [
  { path: 'apps/ecommerce/inventory', ...title('inventory.title'), ...page(() => import('@/features/inventory/routes/inventory')) },
  { path: 'apps/file-manager', ...title('files.title'), ...page(() => import('@/features/files/routes/file-manager')) },
  { path: 'ui/icons', ...title('icons.title'), ...page(() => import('@/features/icons/routes/icons')) },
  { path: 'apps/contacts', ...title('contacts.title'), ...page(() => import('@/features/contacts/routes/contacts')) },
  { path: 'apps/contacts/:id', ...title('contacts.pageTitle'), ...page(() => import('@/features/contacts/routes/contact')) },
  // One route for the list and a conversation, so the list (and its search) stays while chats are opened.
  { path: 'apps/chat/:id?', ...title('chat.title'), ...page(() => import('@/features/chat/routes/chat')) },
  { path: 'apps/mailbox', ...title('mailbox.title'), ...page(() => import('@/features/mailbox/routes/mailbox')) },
  { path: 'apps/scrumboard', ...title('scrumboard.title'), ...page(() => import('@/features/scrumboard/routes/boards')) },
  { path: 'apps/scrumboard/:id', ...title('scrumboard.title'), ...page(() => import('@/features/scrumboard/routes/board')) },
  { path: 'apps/notes', ...title('notes.title'), ...page(() => import('@/features/notes/routes/notes')) },
  { path: 'apps/tasks', ...title('tasks.title'), ...page(() => import('@/features/tasks/routes/tasks')) },
  { path: 'apps/tasks/:id', ...title('tasks.title'), ...page(() => import('@/features/tasks/routes/tasks')) },
  // Dashboards and the account's history (issue 29): any signed-in user; analytics shows an administrator the service.
  { path: 'dashboards/analytics', ...title('insights.analytics.title'), ...page(() => import('@/features/insights/routes/analytics')) },
  { path: 'dashboards/crypto', ...title('insights.crypto.title'), ...page(() => import('@/features/insights/routes/crypto')) },
  { path: 'pages/activities', ...title('insights.activities.title'), ...page(() => import('@/features/insights/routes/activities')) },
  // Built from the owner's books: the shell sends an owner without a books plan to pricing, as everywhere.
  { path: 'dashboards/finance', ...title('finance.dashboard.title'), ...page(() => import('@/features/finance/routes/finance-dashboard')) },
  { path: 'dashboards/project', ...title('project.title'), ...page(() => import('@/features/project/routes/project-dashboard')) },
];
