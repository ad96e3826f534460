import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Button, Chip, IconButton, Link, MenuItem, Tooltip } from '@mui/material';
import { SUBCATEGORY_SORTS, ZUuid, type CategoryKind, type EntryType, type Subcategory } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { ApiError } from '@/lib/api';
import { useNotices } from '@/components/notice';
import { booksKeys, categoriesQuery, createSubcategory, deleteSubcategory, subcategoriesQuery, updateSubcategory } from '../api/books-api';
import { EntryListPage } from '../components/entry-list-page';
import { useMonth } from '../lib/month';
import { BackToBooks } from '../components/back-to-books';

const TYPE_OF_KIND: Record<CategoryKind, EntryType> = { income: 'income', expense: 'expense', cost_of_goods: 'purchase', payroll: 'worker_payment' };
type SubSort = (typeof SUBCATEGORY_SORTS)[number];
const SUB_LIST: ListConfig<SubSort, never> = { sorts: SUBCATEGORY_SORTS, defaultSort: 'category', defaultOrder: 'asc' };
const column = listColumns<Subcategory>();

/** user/dailyusersubcategory: the owner's own subcategories; with `?subcategoryId=`, the entries of one of them. */
export default function DailyUserSubcategory() {
  const [sp] = useSearchParams();
  const id = sp.get('subcategoryId');
  const chosen = useQuery({ ...subcategoriesQuery({ own: true, size: 500 }), enabled: !!id });
  const sub = chosen.data?.items.find((s) => s.id === id);
  return id && sub ? <SubcategoryEntries sub={sub} /> : <OwnSubcategories />;
}

function SubcategoryEntries({ sub }: { sub: Subcategory }) {
  const { t } = useTranslation();
  const m = useMonth();
  return (
    <Box>
      <Link
        component={RouterLink}
        to={`/user/dailyusersubcategory?${m.search}`}
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <Icon name="heroicons_outline:arrow-left" size={16} /> {t('books.screens.dailyUserSubcategory')}
      </Link>
      <EntryListPage
        type={TYPE_OF_KIND[sub.categoryKind]}
        title={`${sub.categoryName} · ${sub.name}`}
        subtitle={t('books.subcategories.entriesText')}
        fixed={{ subcategoryId: sub.id }}
        preset={{ categoryId: sub.categoryId, subcategoryId: sub.id }}
      />
    </Box>
  );
}

function OwnSubcategories() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const m = useMonth();
  const list = useListParams(SUB_LIST);
  const subs = useQuery(subcategoriesQuery({ ...toApiQuery(list.params), own: true }));
  const [editing, setEditing] = useState<{ sub?: Subcategory } | null>(null);
  const { failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: booksKeys.chart });
  const entriesOf = (s: Subcategory) => `/user/dailyusersubcategory?${m.search}&subcategoryId=${s.id}`;
  const actions = useRowActions<Subcategory>({
    nameOf: (s) => s.name,
    onEdit: (sub) => setEditing({ sub }),
    remove: {
      title: t('books.subcategories.deleteTitle'),
      text: (s) => t('books.subcategories.deleteText', { name: s.name }),
      run: (s) => deleteSubcategory(s.id),
      onDone: refresh,
      onError: async (err, s) => {
        // In use: deactivated instead, so its entries keep it; the message says why it was not deleted.
        if (err instanceof ApiError && err.code === 'CONFLICT') await updateSubcategory(s.id, { active: false }).then(refresh, failed);
        failed(err);
      },
    },
    extra: (s) => (
      <Tooltip title={t('books.subcategories.entries')}>
        <IconButton component={RouterLink} to={entriesOf(s)} aria-label={`${t('books.subcategories.entries')} ${s.name}`}>
          <Icon name="heroicons_outline:list-bullet" size={18} />
        </IconButton>
      </Tooltip>
    ),
  });
  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { label: t('books.fields.name'), sortKey: 'name', card: 'title' },
        cell: ({ row: { original: s } }) => (
          <Link component={RouterLink} to={`/user/dailyusersubcategory?${m.search}&subcategoryId=${s.id}`} sx={{ fontWeight: 600 }}>
            {s.name}
          </Link>
        ),
      }),
      column.accessor('categoryName', { meta: { label: t('books.fields.category'), sortKey: 'category' } }),
      column.accessor('categoryKind', { meta: { label: t('books.fields.kind') }, cell: (c) => t(`books.kinds.${c.getValue()}`) }),
      column.accessor('active', {
        meta: { label: t('books.fields.status') },
        cell: (c) => (
          <Chip size="small" variant="outlined" color={c.getValue() ? 'success' : 'default'} label={c.getValue() ? t('books.active') : t('books.inactive')} />
        ),
      }),
    ],
    [t, m.search],
  );
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
      {t('books.subcategories.new')}
    </Button>
  );
  const sortLabels = Object.fromEntries(SUBCATEGORY_SORTS.map((s) => [s, t(`books.sorts.${s}`)])) as Record<SubSort, string>;
  return (
    <Box>
      <BackToBooks />
      <PageHeader title={t('books.screens.dailyUserSubcategory')} subtitle={t('books.screens.dailyUserSubcategoryText')} actions={newButton} />
      <ListToolbar list={list} searchLabel={t('books.searchLabel')} searchPlaceholder={t('books.subcategories.search')} sortLabels={sortLabels} />
      <DataList
        label={t('books.screens.dailyUserSubcategory')}
        list={list}
        query={subs}
        columns={columns}
        getRowId={(s) => s.id}
        rowActions={actions.render}
        empty={{
          icon: 'heroicons_outline:queue-list',
          title: t('books.subcategories.emptyTitle'),
          text: t('books.subcategories.emptyText'),
          action: newButton,
        }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <SubcategoryDialog open={editing !== null} sub={editing?.sub} onClose={() => setEditing(null)} onSaved={refresh} />
      {actions.confirm}
      {view}
    </Box>
  );
}

const ZOwnSubcategoryForm = z.object({ categoryId: ZUuid, name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) });

/** Add or rename an own subcategory, under any active category. */
function SubcategoryDialog({ open, sub, onClose, onSaved }: { open: boolean; sub?: Subcategory; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery);
  return (
    <FormDialog<{ categoryId: string; name: string }>
      open={open}
      title={sub ? t('books.subcategories.edit') : t('books.subcategories.new')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZOwnSubcategoryForm}
      defaultValues={() => ({ categoryId: sub?.categoryId ?? '', name: sub?.name ?? '' })}
      resetKey={sub?.id ?? 'new'}
      submit={(v) =>
        sub
          ? updateSubcategory(sub.id, { name: v.name.trim(), categoryId: v.categoryId })
          : createSubcategory({ categoryId: v.categoryId, name: v.name.trim(), active: true })
      }
      onSuccess={() => {
        void onSaved();
        onClose();
      }}
    >
      {({ form }) => (
        <>
          <FormTextField control={form.control} name="categoryId" select label={t('books.fields.category')} required fullWidth>
            {(categories.data?.items ?? [])
              .filter((c) => c.active)
              .map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
          </FormTextField>
          <FormTextField control={form.control} name="name" label={t('books.fields.name')} required fullWidth autoFocus />
        </>
      )}
    </FormDialog>
  );
}
