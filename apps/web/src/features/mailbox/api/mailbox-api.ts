import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ZMail,
  ZMailboxSettings,
  ZMailEmptied,
  ZMailFilterList,
  ZMailFolderList,
  ZMailLabel,
  ZMailLabelList,
  ZMailList,
  ZOk,
  type MailChanges,
  type MailDraft,
  type MailLabelColor,
} from '@cuadre/contracts';
import { z } from 'zod/mini';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** Which mails a page lists: one folder, filter or label, by slug (spec 001 §7). */
export type MailScope = { kind: 'folder' | 'filter' | 'label'; slug: string };

/** Every query of the mailbox lives under this key; a write reads them all again (counts, list, the mail). */
export const mailboxKeys = {
  all: ['mailbox'] as const,
  folders: ['mailbox', 'folders'] as const,
  filters: ['mailbox', 'filters'] as const,
  labels: ['mailbox', 'labels'] as const,
  settings: ['mailbox', 'settings'] as const,
  list: (scope: MailScope, page: number) => ['mailbox', 'list', scope.kind, scope.slug, page] as const,
  one: (id: string) => ['mailbox', 'mail', id] as const,
};

// New mail arrives from other people: the folders and the list look again now and then, and when the tab comes back.
const LIVE = { refetchInterval: 30_000, refetchOnWindowFocus: true } as const;

export const foldersQuery = queryOptions({
  queryKey: mailboxKeys.folders,
  queryFn: ({ signal }) => api('apps/mailbox/folders', { schema: ZMailFolderList, signal }),
  ...LIVE,
});
export const filtersQuery = queryOptions({
  queryKey: mailboxKeys.filters,
  queryFn: ({ signal }) => api('apps/mailbox/filters', { schema: ZMailFilterList, signal }),
  staleTime: Infinity,
});
export const labelsQuery = queryOptions({
  queryKey: mailboxKeys.labels,
  queryFn: ({ signal }) => api('apps/mailbox/labels', { schema: ZMailLabelList, signal }),
});
export const settingsQuery = queryOptions({
  queryKey: mailboxKeys.settings,
  queryFn: ({ signal }) => api('apps/mailbox/settings', { schema: ZMailboxSettings, signal }),
});

export const mailsQuery = (scope: MailScope, page: number) =>
  queryOptions({
    queryKey: mailboxKeys.list(scope, page),
    queryFn: ({ signal }) => api('apps/mailbox/mails', { query: { [scope.kind]: scope.slug, page }, schema: ZMailList, signal }),
    ...LIVE,
  });

export const mailQuery = (id: string) =>
  queryOptions({ queryKey: mailboxKeys.one(id), queryFn: ({ signal }) => api('apps/mailbox/mail', { query: { id }, schema: ZMail, signal }) });

export const updateMail = (id: string, mail: MailChanges) => api('apps/mailbox/mail', { method: 'PATCH', body: { id, mail }, schema: ZMail });
export const saveDraft = (id: string | undefined, draft: MailDraft, attachmentsFrom?: string) =>
  api('apps/mailbox/draft', { method: 'PUT', body: { id, draft, attachmentsFrom }, schema: ZMail });
export const sendMail = (id: string | undefined, mail: MailDraft, attachmentsFrom?: string) =>
  api('apps/mailbox/send', { method: 'POST', body: { id, mail, attachmentsFrom }, schema: ZMail });
export const emptyTrash = () => api('apps/mailbox/trash', { method: 'DELETE', schema: ZMailEmptied });

export function attachFile(mailId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api('apps/mailbox/attachment', { method: 'POST', query: { mailId }, body: form, schema: ZMail });
}
export const detachFile = (id: string) => api('apps/mailbox/attachment', { method: 'DELETE', query: { id }, schema: ZMail });
export const downloadAttachment = (url: string, name: string) => downloadFile(`${url}&download=1`, name);

export const createLabel = (title: string, color: MailLabelColor) =>
  api('apps/mailbox/label', { method: 'POST', body: { label: { title, color } }, schema: ZMailLabel });
export const updateLabel = (id: string, label: { title?: string; color?: MailLabelColor }) =>
  api('apps/mailbox/label', { method: 'PATCH', body: { id, label }, schema: z.nullable(ZMailLabel) });
export const deleteLabel = (id: string) => api('apps/mailbox/label', { method: 'DELETE', query: { id }, schema: ZOk });
export const updateSettings = (settings: { notifyByEmail?: boolean; messageLayout?: 'right' | 'full' }) =>
  api('apps/mailbox/settings', { method: 'PATCH', body: { settings }, schema: ZMailboxSettings });

export const refreshMailbox = (qc: QueryClient) => qc.invalidateQueries({ queryKey: mailboxKeys.all });
