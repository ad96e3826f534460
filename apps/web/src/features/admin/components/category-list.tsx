import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import { CATEGORY_KINDS, CATEGORY_SORTS, type Category } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { ACTIVE_FILTER, StatusFilter } from '@/components/list-kit/status-filter';
import { useNotices } from '@/components/notice';
import { ApiError } from '@/lib/api';
import { adminCategoriesQuery, chartKeys, deleteCategory, reorderCategories, saveCategory } from '../api/chart-api';
import { CategoryFormDialog } from './category-form-dialog';

type CategorySort = (typeof CATEGORY_SORTS)[number];
const CATEGORY_LIST: ListConfig<CategorySort, 'kind' | 'active'> = {
  sorts: CATEGORY_SORTS,
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  filters: { kind: CATEGORY_KINDS, active: ACTIVE_FILTER },
};
const column = listColumns<Category>();

/** The shared chart's categories: search, kind and status filters, order, and the row actions. */
export function CategoryList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(CATEGORY_LIST);
  const { params, setParams } = list;
  const query = useQuery(adminCategoriesQuery({ ...toApiQuery(params), active: params.filters.active }));
  const [editing, setEditing] = useState<{ category?: Category } | null>(null);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: chartKeys.all });
  const change = useMutation({
    mutationFn: ({ category, active }: { category: Category; active: boolean }) => saveCategory(category.id, { active }),
    onSuccess: refresh,
    onError: failed,
  });
  // Up or down one place in the chart's order, as every screen lists it.
  const move = useMutation({
    mutationFn: async ({ category, by }: { category: Category; by: -1 | 1 }) => {
      const all = await qc.fetchQuery(adminCategoriesQuery({ sort: 'sortOrder', order: 'asc', size: 100, page: 1 }));
      const ids = all.items.map((c) => c.id);
      const i = ids.indexOf(category.id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= ids.length) return;
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      await reorderCategories(ids);
    },
    onSuccess: refresh,
    onError: failed,
  });
  const actions = useRowActions<Category>({
    nameOf: (c) => c.name,
    onEdit: (category) => setEditing({ category }),
    activation: { isActive: (c) => c.active, toggle: (category) => change.mutate({ category, active: !category.active }) },
    remove: {
      title: t('chart.deleteTitle'),
      text: (c) => t('chart.deleteText', { name: c.name }),
      run: (c) => deleteCategory(c.id),
      onDone: async (c) => {
        await refresh();
        done(t('chart.deleted', { name: c.name }));
      },
      onError: (err) => failed(err instanceof ApiError && err.code === 'CONFLICT' ? new Error(t('chart.inUse')) : err),
    },
    extra: (c) => (
      <>
        {(
          [
            [-1, 'chart.moveUp', 'heroicons_outline:arrow-up'],
            [1, 'chart.moveDown', 'heroicons_outline:arrow-down'],
          ] as const
        ).map(([by, key, icon]) => (
          <Tooltip key={key} title={t(key)}>
            <span>
              <IconButton
                aria-label={`${t(key)} ${c.name}`}
                onClick={() => move.mutate({ category: c, by })}
                disabled={move.isPending || params.sort !== 'sortOrder'}
              >
                <Icon name={icon} size={18} />
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </>
    ),
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
      column.accessor('kind', { meta: { label: t('chart.fields.kind'), sortKey: 'kind' }, cell: (c) => t(`books.kinds.${c.getValue()}`) }),
      column.accessor('taxLine', { meta: { label: t('chart.fields.taxLine') }, cell: (c) => c.getValue() || '—' }),
      column.accessor('active', {
        meta: { label: t('chart.fields.status') },
        cell: (c) => (
          <Chip size="small" variant="outlined" color={c.getValue() ? 'success' : 'default'} label={c.getValue() ? t('books.active') : t('books.inactive')} />
        ),
      }),
    ],
    [t],
  );
  const sortLabels = Object.fromEntries(CATEGORY_SORTS.map((s) => [s, t(`chart.sorts.${s}`)])) as Record<CategorySort, string>;
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
      {t('chart.categories.new')}
    </Button>
  );
  return (
    <>
      <ListToolbar list={list} searchLabel={t('chart.searchLabel')} searchPlaceholder={t('chart.categories.search')} sortLabels={sortLabels}>
        <TextField
          select
          size="small"
          label={t('chart.fields.kind')}
          value={params.filters.kind ?? ''}
          onChange={(e) => setParams({ filters: { kind: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 160 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('books.all')}</MenuItem>
          {CATEGORY_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`books.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <StatusFilter list={list} />
        <Box sx={{ ml: { sm: 'auto' } }}>{newButton}</Box>
      </ListToolbar>
      <DataList
        label={t('nav.categories')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(c) => c.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:rectangle-stack', title: t('chart.categories.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <CategoryFormDialog
        open={editing !== null}
        category={editing?.category}
        onClose={() => setEditing(null)}
        onSaved={(name) => {
          setEditing(null);
          void refresh();
          done(t('chart.saved', { name }));
        }}
      />
      {actions.confirm}
      {view}
    </>
  );
}
