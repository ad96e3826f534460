import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, MenuItem, Stack, Tooltip } from '@mui/material';
import { SUBCATEGORY_SORTS, ZUuid, type CategoryKind, type EntryType, type Subcategory } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
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
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit'; sub: Subcategory } | { kind: 'delete'; sub: Subcategory } | null>(null);
  const { failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: booksKeys.chart });
  const remove = useMutation({
    mutationFn: (s: Subcategory) => deleteSubcategory(s.id),
    onSuccess: async () => {
      setDialog(null);
      await refresh();
    },
    onError: async (err, s) => {
      setDialog(null);
      // In use: deactivated instead, so its entries keep it; the message says why it was not deleted.
      if (err instanceof ApiError && err.code === 'CONFLICT') await updateSubcategory(s.id, { active: false }).then(refresh, failed);
      failed(err);
    },
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
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setDialog({ kind: 'new' })}>
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
        rowActions={(s) => (
          <Stack direction="row">
            <Tooltip title={t('books.subcategories.entries')}>
              <IconButton
                component={RouterLink}
                to={`/user/dailyusersubcategory?${m.search}&subcategoryId=${s.id}`}
                aria-label={`${t('books.subcategories.entries')} ${s.name}`}
              >
                <Icon name="heroicons_outline:list-bullet" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.edit')}>
              <IconButton aria-label={`${t('common.edit')} ${s.name}`} onClick={() => setDialog({ kind: 'edit', sub: s })}>
                <Icon name="heroicons_outline:pencil-square" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton aria-label={`${t('common.delete')} ${s.name}`} onClick={() => setDialog({ kind: 'delete', sub: s })}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        empty={{
          icon: 'heroicons_outline:queue-list',
          title: t('books.subcategories.emptyTitle'),
          text: t('books.subcategories.emptyText'),
          action: newButton,
        }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <SubcategoryDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        sub={dialog?.kind === 'edit' ? dialog.sub : undefined}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('books.subcategories.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('books.subcategories.deleteText', { name: dialog.sub.name }) : ''}
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

/** Add or rename an own subcategory, under any active category. */
function SubcategoryDialog({ open, sub, onClose, onSaved }: { open: boolean; sub?: Subcategory; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery);
  const schema = useMemo(() => z.object({ categoryId: ZUuid, name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) }), []);
  const { form, onSubmit, formError, pending, leaveDialog, closeGuarded } = useAppForm<{ categoryId: string; name: string }>(schema, {
    defaultValues: { categoryId: sub?.categoryId ?? '', name: sub?.name ?? '' },
    guardLeaving: false,
    submit: (v) =>
      sub
        ? updateSubcategory(sub.id, { name: v.name.trim(), categoryId: v.categoryId })
        : createSubcategory({ categoryId: v.categoryId, name: v.name.trim(), active: true }),
    onSuccess: () => {
      void onSaved();
      onClose();
    },
  });
  useEffect(() => {
    if (open) form.reset({ categoryId: sub?.categoryId ?? '', name: sub?.name ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on opening or another subcategory only
  }, [open, sub?.id]);
  return (
    <Dialog open={open} onClose={pending ? undefined : () => closeGuarded(onClose)} fullWidth maxWidth="xs" aria-labelledby="sub-form-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="sub-form-title">{sub ? t('books.subcategories.edit') : t('books.subcategories.new')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
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
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => closeGuarded(onClose)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
      {leaveDialog}
    </Dialog>
  );
}
