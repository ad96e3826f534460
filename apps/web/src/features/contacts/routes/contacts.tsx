import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, Button, Chip, Link, MenuItem, Stack, TextField } from '@mui/material';
import type { Contact } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { useNotices } from '@/components/notice';
import { contactTagArea, contactsQuery, deleteContact, refreshContacts, tagsQuery } from '../api/contacts-api';
import { ContactFormDialog } from '../components/contact-form-dialog';
import { TagsDialog } from '@/components/tags-dialog';

const column = listColumns<Contact>();
const CONFIG: ListConfig<'name', 'tag'> = { sorts: ['name'], defaultSort: 'name', defaultOrder: 'asc', filters: { tag: null } };

/** /apps/contacts: the business's customers, searched by name and filtered by tag; new, edit, delete. */
export default function Contacts() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(CONFIG);
  const { params } = list;
  const contacts = useQuery(contactsQuery(params.search));
  const tags = useQuery(tagsQuery);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [tagsOpen, setTagsOpen] = useState(false);
  const { done, failed, view } = useNotices();

  // The API answers the whole sorted list; the tag filter, the order and the pages are applied here.
  const paged = useMemo(() => {
    if (!contacts.data) return undefined;
    let rows = params.filters.tag ? contacts.data.filter((c) => c.tags.includes(params.filters.tag!)) : contacts.data;
    if (params.order === 'desc') rows = [...rows].reverse();
    const total = rows.length;
    const lastPage = Math.max(1, Math.ceil(total / params.size));
    const page = Math.min(params.page, lastPage);
    return { items: rows.slice((page - 1) * params.size, page * params.size), pagination: { page, size: params.size, total, lastPage } };
  }, [contacts.data, params]);

  const actions = useRowActions<Contact>({
    nameOf: (c) => c.name,
    onEdit: (c) => setEditing(c),
    remove: {
      title: t('contacts.deleteTitle'),
      text: (c) => t('contacts.deleteText', { name: c.name }),
      run: (c) => deleteContact(c.id),
      onDone: async (c) => {
        await refreshContacts(qc);
        done(t('contacts.deleted', { name: c.name }));
      },
      onError: failed,
    },
  });

  const tagTitle = useMemo(() => new Map((tags.data ?? []).map((x) => [x.id, x.title])), [tags.data]);
  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        meta: { label: t('contacts.fields.name'), sortKey: 'name', card: 'title' },
        cell: ({ row: { original: c } }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={c.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
              {c.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Link component={RouterLink} to={`/apps/contacts/${c.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {c.name}
            </Link>
          </Stack>
        ),
      }),
      column.display({
        id: 'company',
        meta: { label: t('contacts.fields.company') },
        cell: ({ row: { original: c } }) => [c.company, c.title].filter(Boolean).join(' · ') || '—',
      }),
      column.display({
        id: 'reach',
        meta: { label: t('contacts.fields.reach') },
        cell: ({ row: { original: c } }) => [c.emails[0]?.email, c.phoneNumbers[0]?.phoneNumber].filter(Boolean).join(' · ') || '—',
      }),
      column.display({
        id: 'tags',
        meta: { label: t('contacts.fields.tags') },
        cell: ({ row: { original: c } }) =>
          c.tags.length ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {c.tags.map((id) => (
                <Chip key={id} size="small" variant="outlined" label={tagTitle.get(id) ?? '…'} />
              ))}
            </Box>
          ) : (
            '—'
          ),
      }),
    ],
    [t, tagTitle],
  );

  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing('new')}>
      {t('contacts.new')}
    </Button>
  );
  const headerActions = (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<Icon name="heroicons_outline:tag" size={20} />} onClick={() => setTagsOpen(true)}>
        {t('contacts.tags.manage')}
      </Button>
      {newButton}
    </Stack>
  );

  return (
    <Box>
      <PageHeader title={t('contacts.title')} subtitle={t('contacts.subtitle')} actions={headerActions} />
      <ListToolbar
        list={list}
        searchLabel={t('contacts.searchLabel')}
        searchPlaceholder={t('contacts.searchPlaceholder')}
        sortLabels={{ name: t('contacts.fields.name') }}
      >
        <TextField
          select
          size="small"
          label={t('contacts.tagFilter')}
          value={params.filters.tag ?? ''}
          onChange={(e) => list.setParams({ filters: { tag: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 180 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('contacts.allTags')}</MenuItem>
          {(tags.data ?? []).map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.title}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>
      <DataList
        label={t('contacts.title')}
        list={list}
        query={{ ...contacts, data: paged }}
        columns={columns}
        getRowId={(c: Contact) => c.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:user-circle', title: t('contacts.emptyTitle'), text: t('contacts.emptyText'), action: newButton }}
        noMatch={{ title: t('contacts.noMatchTitle'), text: t('contacts.noMatchText') }}
      />
      {actions.confirm}
      <ContactFormDialog contact={editing} onClose={() => setEditing(null)} onSaved={(c) => done(t('contacts.saved', { name: c.name }))} />
      <TagsDialog open={tagsOpen} onClose={() => setTagsOpen(false)} area={contactTagArea} />
      {view}
    </Box>
  );
}
