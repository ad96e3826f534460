import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Button, Chip, MenuItem, TextField } from '@mui/material';
import { SUBCATEGORY_SORTS, ZUuid, type Category, type Subcategory } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { ACTIVE_FILTER, StatusFilter } from '@/components/list-kit/status-filter';
import { ApiError } from '@/lib/api';
import { useNotices } from '@/components/notice';
import { adminCategoriesQuery, adminSubcategoriesQuery, chartKeys, deleteSharedSubcategory, saveSharedSubcategory } from '../api/chart-api';

type SubSort = (typeof SUBCATEGORY_SORTS)[number];
const SUB_LIST: ListConfig<SubSort, 'categoryId' | 'active'> = {
  sorts: SUBCATEGORY_SORTS,
  defaultSort: 'category',
  defaultOrder: 'asc',
  filters: { categoryId: null, active: ACTIVE_FILTER },
};
const column = listColumns<Subcategory>();

/** subcategories (admin): the shared SubCuentas, under their categories. */
export default function Subcategories() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(SUB_LIST);
  const { params, setParams } = list;
  const subs = useQuery(adminSubcategoriesQuery(toApiQuery(params)));
  const categories = useQuery(adminCategoriesQuery({ size: 100, sort: 'sortOrder', order: 'asc' }));
  const [editing, setEditing] = useState<{ sub?: Subcategory } | null>(null);
  const { failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: chartKeys.all });
  const toggle = useMutation({ mutationFn: (s: Subcategory) => saveSharedSubcategory(s.id, { active: !s.active }), onSuccess: refresh, onError: failed });
  const actions = useRowActions<Subcategory>({
    nameOf: (s) => s.name,
    onEdit: (sub) => setEditing({ sub }),
    activation: { isActive: (s) => s.active, toggle: (s) => toggle.mutate(s) },
    remove: {
      title: t('chart.deleteTitle'),
      text: (s) => t('chart.deleteText', { name: s.name }),
      run: (s) => deleteSharedSubcategory(s.id),
      onDone: refresh,
      onError: (err) => failed(err instanceof ApiError && err.code === 'CONFLICT' ? new Error(t('chart.inUse')) : err),
    },
  });
  const columns = useMemo(
    () => [
      column.accessor('name', {
        meta: { label: t('chart.fields.name'), sortKey: 'name', card: 'title' },
        cell: (c) => (
          <Box component="span" sx={{ fontWeight: 600 }}>
            {c.getValue()}
          </Box>
        ),
      }),
      column.accessor('categoryName', { meta: { label: t('chart.fields.category'), sortKey: 'category' } }),
      column.accessor('categoryKind', { meta: { label: t('chart.fields.kind') }, cell: (c) => t(`books.kinds.${c.getValue()}`) }),
      column.accessor('active', {
        meta: { label: t('chart.fields.status') },
        cell: (c) => (
          <Chip size="small" variant="outlined" color={c.getValue() ? 'success' : 'default'} label={c.getValue() ? t('books.active') : t('books.inactive')} />
        ),
      }),
    ],
    [t],
  );
  const sortLabels = Object.fromEntries(SUBCATEGORY_SORTS.map((s) => [s, t(`books.sorts.${s}`)])) as Record<SubSort, string>;
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
      {t('chart.subcategories.new')}
    </Button>
  );
  return (
    <Box>
      <PageHeader title={t('nav.subcategories')} subtitle={t('chart.subcategories.subtitle')} actions={newButton} />
      <ListToolbar list={list} searchLabel={t('chart.searchLabel')} searchPlaceholder={t('chart.subcategories.search')} sortLabels={sortLabels}>
        <TextField
          select
          size="small"
          label={t('chart.fields.category')}
          value={params.filters.categoryId ?? ''}
          onChange={(e) => setParams({ filters: { categoryId: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 200 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('books.all')}</MenuItem>
          {(categories.data?.items ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <StatusFilter list={list} />
      </ListToolbar>
      <DataList
        label={t('nav.subcategories')}
        list={list}
        query={subs}
        columns={columns}
        getRowId={(s) => s.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:queue-list', title: t('chart.subcategories.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <SubcategoryFormDialog
        open={editing !== null}
        sub={editing?.sub}
        categories={categories.data?.items ?? []}
        defaultCategoryId={params.filters.categoryId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      {actions.confirm}
      {view}
    </Box>
  );
}

const ZSubcategoryForm = z.object({ categoryId: ZUuid, name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) });

/** A shared subcategory, new or changed: its category and name. A new one starts under the category the list is filtered by. */
function SubcategoryFormDialog({
  open,
  sub,
  categories,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  open: boolean;
  sub?: Subcategory;
  categories: Category[];
  defaultCategoryId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ categoryId: string; name: string }>
      open={open}
      title={sub ? t('chart.subcategories.edit') : t('chart.subcategories.new')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZSubcategoryForm}
      defaultValues={() => ({ categoryId: sub?.categoryId ?? defaultCategoryId ?? '', name: sub?.name ?? '' })}
      resetKey={sub?.id ?? 'new'}
      submit={(v) =>
        saveSharedSubcategory(
          sub?.id,
          sub ? { categoryId: v.categoryId, name: v.name.trim() } : { categoryId: v.categoryId, name: v.name.trim(), active: true },
        )
      }
      onSuccess={onSaved}
    >
      {({ form }) => (
        <>
          <FormTextField control={form.control} name="categoryId" select label={t('chart.fields.category')} required fullWidth>
            {categories
              .filter((c) => c.active || c.id === sub?.categoryId)
              .map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="name"
            label={t('chart.fields.name')}
            required
            fullWidth
            autoFocus
            helperText={sub?.translated ? t('chart.translatedHelp') : undefined}
          />
        </>
      )}
    </FormDialog>
  );
}
