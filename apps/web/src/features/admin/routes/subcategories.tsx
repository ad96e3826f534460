import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { SUBCATEGORY_SORTS, ZUuid, type Subcategory } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { ApiError } from '@/lib/api';
import { useNotices } from '@/components/notice';
import { adminCategoriesQuery, adminSubcategoriesQuery, chartKeys, deleteSharedSubcategory, saveSharedSubcategory } from '../api/chart-api';
import { ChartFormDialog } from '../components/chart-form-dialog';

type SubSort = (typeof SUBCATEGORY_SORTS)[number];
const SUB_LIST: ListConfig<SubSort, 'categoryId' | 'active'> = {
  sorts: SUBCATEGORY_SORTS,
  defaultSort: 'category',
  defaultOrder: 'asc',
  filters: { categoryId: null, active: ['true', 'false'] },
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
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit'; sub: Subcategory } | { kind: 'delete'; sub: Subcategory } | null>(null);
  const { failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: chartKeys.all });
  const editing = dialog?.kind === 'edit' ? dialog.sub : undefined;
  const schema = useMemo(() => z.object({ categoryId: ZUuid, name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) }), []);
  const app = useAppForm<{ categoryId: string; name: string }>(schema, {
    defaultValues: { categoryId: '', name: '' },
    guardLeaving: false,
    submit: (v) =>
      saveSharedSubcategory(
        editing?.id,
        editing ? { categoryId: v.categoryId, name: v.name.trim() } : { categoryId: v.categoryId, name: v.name.trim(), active: true },
      ),
    onSuccess: () => {
      setDialog(null);
      void refresh();
    },
  });
  const toggle = useMutation({ mutationFn: (s: Subcategory) => saveSharedSubcategory(s.id, { active: !s.active }), onSuccess: refresh, onError: failed });
  const remove = useMutation({
    mutationFn: (s: Subcategory) => deleteSharedSubcategory(s.id),
    onSuccess: async () => {
      setDialog(null);
      await refresh();
    },
    onError: (err) => {
      setDialog(null);
      failed(err instanceof ApiError && err.code === 'CONFLICT' ? new Error(t('chart.inUse')) : err);
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
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setDialog({ kind: 'new' })}>
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
        <TextField
          select
          size="small"
          label={t('chart.fields.status')}
          value={params.filters.active ?? ''}
          onChange={(e) => setParams({ filters: { active: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 140 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('books.all')}</MenuItem>
          <MenuItem value="true">{t('books.active')}</MenuItem>
          <MenuItem value="false">{t('books.inactive')}</MenuItem>
        </TextField>
      </ListToolbar>
      <DataList
        label={t('nav.subcategories')}
        list={list}
        query={subs}
        columns={columns}
        getRowId={(s) => s.id}
        rowActions={(s) => (
          <Stack direction="row">
            <Tooltip title={t('common.edit')}>
              <IconButton aria-label={`${t('common.edit')} ${s.name}`} onClick={() => setDialog({ kind: 'edit', sub: s })}>
                <Icon name="heroicons_outline:pencil-square" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={s.active ? t('books.registry.deactivate') : t('books.registry.activate')}>
              <IconButton aria-label={`${s.active ? t('books.registry.deactivate') : t('books.registry.activate')} ${s.name}`} onClick={() => toggle.mutate(s)}>
                <Icon name={s.active ? 'heroicons_outline:archive-box' : 'heroicons_outline:arrow-uturn-left'} size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton aria-label={`${t('common.delete')} ${s.name}`} onClick={() => setDialog({ kind: 'delete', sub: s })}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        empty={{ icon: 'heroicons_outline:queue-list', title: t('chart.subcategories.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <ChartFormDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        title={editing ? t('chart.subcategories.edit') : t('chart.subcategories.new')}
        app={app}
        initial={{ categoryId: editing?.categoryId ?? params.filters.categoryId ?? '', name: editing?.name ?? '' }}
        resetKey={editing?.id ?? 'new'}
        onClose={() => setDialog(null)}
      >
        {(form) => (
          <>
            <FormTextField control={form.control} name="categoryId" select label={t('chart.fields.category')} required fullWidth>
              {(categories.data?.items ?? [])
                .filter((c) => c.active || c.id === editing?.categoryId)
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
              helperText={editing?.translated ? t('chart.translatedHelp') : undefined}
            />
          </>
        )}
      </ChartFormDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('chart.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('chart.deleteText', { name: dialog.sub.name }) : ''}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.sub)}
        onClose={() => setDialog(null)}
      />
      {view}
    </Box>
  );
}
