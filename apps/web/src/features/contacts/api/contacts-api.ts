import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ZContact,
  ZContactList,
  ZContactPurchases,
  ZContactTag,
  ZContactTagList,
  ZCountryList,
  ZOk,
  type Contact,
  type ContactChanges,
} from '@cuadre/contracts';
import { api } from '@/lib/api';
import type { TagArea } from '@/components/tags-dialog';

/** Every query of the contacts lives under this key; a write refreshes them all (and the books, whose entries name contacts). */
export const contactsKeys = {
  all: ['contacts'] as const,
  list: (query: string) => ['contacts', 'list', query] as const,
  one: (id: string) => ['contacts', 'one', id] as const,
  purchases: (id: string) => ['contacts', 'purchases', id] as const,
  tags: ['contacts', 'tags'] as const,
  countries: (lang: string) => ['contacts', 'countries', lang] as const,
};

/** All contacts sorted by name, or those whose name contains the query. */
export const contactsQuery = (query: string) =>
  queryOptions({
    queryKey: contactsKeys.list(query),
    queryFn: ({ signal }) =>
      query.trim()
        ? api('apps/contacts/search', { query: { query: query.trim() }, schema: ZContactList, signal })
        : api('apps/contacts/all', { schema: ZContactList, signal }),
  });

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: contactsKeys.one(id), queryFn: ({ signal }) => api('apps/contacts/contact', { query: { id }, schema: ZContact, signal }) });

export const purchasesQuery = (id: string) =>
  queryOptions({
    queryKey: contactsKeys.purchases(id),
    queryFn: ({ signal }) => api('apps/contacts/purchases', { query: { id }, schema: ZContactPurchases, signal }),
  });

export const tagsQuery = queryOptions({ queryKey: contactsKeys.tags, queryFn: ({ signal }) => api('apps/contacts/tags', { schema: ZContactTagList, signal }) });

export const countriesQuery = (lang: string) =>
  queryOptions({
    queryKey: contactsKeys.countries(lang),
    queryFn: ({ signal }) => api('apps/contacts/countries', { schema: ZCountryList, signal }),
    staleTime: Infinity,
  });

export const createContact = () => api('apps/contacts/contact', { method: 'POST', schema: ZContact });
export const updateContact = (id: string, contact: ContactChanges) =>
  api('apps/contacts/contact', { method: 'PATCH', body: { id, contact }, schema: ZContact });
export const deleteContact = (id: string) => api('apps/contacts/contact', { method: 'DELETE', query: { id }, schema: ZOk });

/**
 * A new contact saved with the owner's values. The API creates an empty card ("New Contact", as the spec
 * says) and is then told its values; when that second call fails the empty card is taken away again, so
 * nothing is left that the owner did not save (docs/product.md, "Records made by a click").
 */
export async function createContactWith(changes: ContactChanges): Promise<Contact> {
  const c = await createContact();
  try {
    return await updateContact(c.id, changes);
  } catch (err) {
    await deleteContact(c.id).catch(() => undefined);
    throw err;
  }
}

export function uploadAvatar(id: string, file: File) {
  const form = new FormData();
  form.append('id', id);
  form.append('avatar', file);
  return api('apps/contacts/avatar', { method: 'POST', body: form, schema: ZContact });
}

export const createTag = (title: string) => api('apps/contacts/tag', { method: 'POST', body: { tag: { title } }, schema: ZContactTag });
export const renameTag = (id: string, title: string) => api('apps/contacts/tag', { method: 'PATCH', body: { id, tag: { title } }, schema: ZContactTag });
export const deleteTag = (id: string) => api('apps/contacts/tag', { method: 'DELETE', query: { id }, schema: ZOk });

/** After a write: the contacts, and the books' entries that show a contact's name. */
export const refreshContacts = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: contactsKeys.all }), qc.invalidateQueries({ queryKey: ['books'] })]);

/** The tags dialog's calls and words (components/tags-dialog). */
export const contactTagArea: TagArea<typeof contactsKeys.tags> = {
  query: tagsQuery,
  create: createTag,
  rename: renameTag,
  remove: deleteTag,
  refresh: refreshContacts,
  texts: 'contacts.tags',
  confirmLabel: 'contacts.delete',
  titleId: 'contact-tags-title',
};
