import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Box, Button, Chip, IconButton, MenuItem, Stack, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { CATEGORY_KINDS, CATEGORY_SORTS, isRealDate, type Category, type CategoryKind, type MileageRate } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { ApiError } from '@/lib/api';
import { useNotices } from '@/components/notice';
import { formatShortDate } from '@/lib/format';
import { decimalText, numberText } from '@/lib/money';
import {
  adminCategoriesQuery,
  chartKeys,
  deleteCategory,
  deleteMileageRate,
  mileageRatesQuery,
  reorderCategories,
  saveCategory,
  saveMileageRate,
} from '../api/chart-api';
import { ChartFormDialog } from '../components/chart-form-dialog';
import { TaxRules } from '../components/tax-rules';
import { numberFormat } from '@/lib/intl';

type CategorySort = (typeof CATEGORY_SORTS)[number];
const CATEGORY_LIST: ListConfig<CategorySort, 'kind' | 'active'> = {
  sorts: CATEGORY_SORTS,
  defaultSort: 'sortOrder',
  defaultOrder: 'asc',
  filters: { kind: CATEGORY_KINDS, active: ['true', 'false'] },
};
const column = listColumns<Category>();
const rateColumn = listColumns<MileageRate>();

/** categories (admin): the shared chart (Cuentas) with its tax lines and order, and the mileage rates. */
export default function Categories() {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') === 'rates' ? 'rates' : sp.get('tab') === 'tax-rules' ? 'tax-rules' : 'categories';
  return (
    <Box>
      <PageHeader title={t('nav.categories')} subtitle={t('chart.categories.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setSp(v === 'categories' ? {} : { tab: v }, { replace: true })}
        sx={{ mb: 2 }}
        aria-label={t('nav.categories')}
      >
        <Tab value="categories" label={t('chart.categories.tab')} />
        <Tab value="rates" label={t('chart.rates.tab')} />
        <Tab value="tax-rules" label={t('chart.taxRules.tab')} />
      </Tabs>
      {tab === 'rates' ? <MileageRates /> : tab === 'tax-rules' ? <TaxRules /> : <CategoryList />}
    </Box>
  );
}

interface CategoryValues {
  name: string;
  kind: CategoryKind;
  taxLine: string;
}

function CategoryList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(CATEGORY_LIST);
  const { params, setParams } = list;
  const query = useQuery(adminCategoriesQuery({ ...toApiQuery(params), active: params.filters.active }));
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit'; category: Category } | { kind: 'delete'; category: Category } | null>(null);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: chartKeys.all });
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
        kind: z.enum(CATEGORY_KINDS),
        taxLine: z.string().check(z.maxLength(200)),
      }),
    [],
  );
  const app = useAppForm<CategoryValues>(schema, {
    defaultValues: { name: '', kind: 'expense', taxLine: '' },
    guardLeaving: false,
    submit: (v) => saveCategory(dialog?.kind === 'edit' ? dialog.category.id : undefined, { name: v.name.trim(), kind: v.kind, taxLine: v.taxLine.trim() }),
    onSuccess: (_r, v) => {
      setDialog(null);
      void refresh();
      done(t('chart.saved', { name: v.name.trim() }));
    },
  });
  const change = useMutation({
    mutationFn: ({ category, active }: { category: Category; active: boolean }) => saveCategory(category.id, { active }),
    onSuccess: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (c: Category) => deleteCategory(c.id),
    onSuccess: async (_ok, c) => {
      setDialog(null);
      await refresh();
      done(t('chart.deleted', { name: c.name }));
    },
    onError: (err) => {
      setDialog(null);
      failed(err instanceof ApiError && err.code === 'CONFLICT' ? new Error(t('chart.inUse')) : err);
    },
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
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setDialog({ kind: 'new' })}>
      {t('chart.categories.new')}
    </Button>
  );
  const editing = dialog?.kind === 'edit' ? dialog.category : undefined;
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
        <Box sx={{ ml: { sm: 'auto' } }}>{newButton}</Box>
      </ListToolbar>
      <DataList
        label={t('nav.categories')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(c) => c.id}
        rowActions={(c) => (
          <Stack direction="row">
            <Tooltip title={t('chart.moveUp')}>
              <span>
                <IconButton
                  aria-label={`${t('chart.moveUp')} ${c.name}`}
                  onClick={() => move.mutate({ category: c, by: -1 })}
                  disabled={move.isPending || params.sort !== 'sortOrder'}
                >
                  <Icon name="heroicons_outline:arrow-up" size={18} />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('chart.moveDown')}>
              <span>
                <IconButton
                  aria-label={`${t('chart.moveDown')} ${c.name}`}
                  onClick={() => move.mutate({ category: c, by: 1 })}
                  disabled={move.isPending || params.sort !== 'sortOrder'}
                >
                  <Icon name="heroicons_outline:arrow-down" size={18} />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('common.edit')}>
              <IconButton aria-label={`${t('common.edit')} ${c.name}`} onClick={() => setDialog({ kind: 'edit', category: c })}>
                <Icon name="heroicons_outline:pencil-square" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={c.active ? t('books.registry.deactivate') : t('books.registry.activate')}>
              <IconButton
                aria-label={`${c.active ? t('books.registry.deactivate') : t('books.registry.activate')} ${c.name}`}
                onClick={() => change.mutate({ category: c, active: !c.active })}
              >
                <Icon name={c.active ? 'heroicons_outline:archive-box' : 'heroicons_outline:arrow-uturn-left'} size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton aria-label={`${t('common.delete')} ${c.name}`} onClick={() => setDialog({ kind: 'delete', category: c })}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        empty={{ icon: 'heroicons_outline:rectangle-stack', title: t('chart.categories.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <ChartFormDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        title={editing ? t('chart.categories.edit') : t('chart.categories.new')}
        app={app}
        initial={{ name: editing?.name ?? '', kind: editing?.kind ?? 'expense', taxLine: editing?.taxLine ?? '' }}
        resetKey={editing?.id ?? 'new'}
        onClose={() => setDialog(null)}
      >
        {(form) => (
          <>
            <FormTextField
              control={form.control}
              name="name"
              label={t('chart.fields.name')}
              required
              fullWidth
              autoFocus
              helperText={editing?.translated ? t('chart.translatedHelp') : undefined}
            />
            <FormTextField control={form.control} name="kind" select label={t('chart.fields.kind')} required fullWidth>
              {CATEGORY_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`books.kinds.${k}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={form.control} name="taxLine" label={t('chart.fields.taxLine')} fullWidth helperText={t('chart.taxLineHelp')} />
          </>
        )}
      </ChartFormDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('chart.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('chart.deleteText', { name: dialog.category.name }) : ''}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.category)}
        onClose={() => setDialog(null)}
      />
      {view}
    </>
  );
}

const RATE_LIST: ListConfig<'effectiveFrom', never> = { sorts: ['effectiveFrom'], defaultSort: 'effectiveFrom', defaultOrder: 'desc' };

function MileageRates() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(RATE_LIST);
  const rates = useQuery(mileageRatesQuery);
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit'; rate: MileageRate } | { kind: 'delete'; rate: MileageRate } | null>(null);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: chartKeys.all });
  const schema = useMemo(
    () =>
      z.object({
        effectiveFrom: z.string().check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { params: { i18n: 'books.validation.date' } })),
        centsPerMile: z.string().check(z.refine((v) => Number(decimalText(v, 1) ?? 0) > 0, { params: { i18n: 'chart.rates.invalid' } })),
      }),
    [],
  );
  const editing = dialog?.kind === 'edit' ? dialog.rate : undefined;
  const app = useAppForm<{ effectiveFrom: string; centsPerMile: string }>(schema, {
    defaultValues: { effectiveFrom: '', centsPerMile: '' },
    guardLeaving: false,
    submit: (v) => saveMileageRate(editing?.id, { effectiveFrom: v.effectiveFrom, centsPerMile: decimalText(v.centsPerMile, 1)! }),
    onSuccess: () => {
      setDialog(null);
      void refresh();
      done(t('chart.rates.saved'));
    },
  });
  const remove = useMutation({
    mutationFn: (r: MileageRate) => deleteMileageRate(r.id),
    onSuccess: async () => {
      setDialog(null);
      await refresh();
    },
    onError: (err) => {
      setDialog(null);
      failed(err);
    },
  });
  const rate = (n: number) => `${numberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(n)} ¢`;
  const columns = useMemo(
    () => [
      rateColumn.accessor('effectiveFrom', {
        meta: { label: t('chart.rates.from'), card: 'title' },
        cell: (c) => formatShortDate(c.getValue(), i18n.language),
      }),
      rateColumn.accessor('centsPerMile', { meta: { label: t('chart.rates.rate'), align: 'right' }, cell: (c) => rate(c.getValue()) }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rate() follows the language
    [t, i18n.language],
  );
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setDialog({ kind: 'new' })}>
      {t('chart.rates.new')}
    </Button>
  );
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('chart.rates.help')}
      </Alert>
      <Stack
        direction="row"
        sx={{
          justifyContent: 'flex-end',
          mb: 2,
        }}
      >
        {newButton}
      </Stack>
      <DataList
        label={t('chart.rates.tab')}
        list={list}
        query={rates}
        columns={columns}
        getRowId={(r) => r.id}
        rowActions={(r) => (
          <Stack direction="row">
            <Tooltip title={t('common.edit')}>
              <IconButton aria-label={`${t('common.edit')} ${r.effectiveFrom}`} onClick={() => setDialog({ kind: 'edit', rate: r })}>
                <Icon name="heroicons_outline:pencil-square" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton aria-label={`${t('common.delete')} ${r.effectiveFrom}`} onClick={() => setDialog({ kind: 'delete', rate: r })}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        empty={{ icon: 'heroicons_outline:map', title: t('chart.rates.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle') }}
      />
      <ChartFormDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        title={editing ? t('chart.rates.edit') : t('chart.rates.new')}
        app={app}
        initial={{ effectiveFrom: editing?.effectiveFrom ?? '', centsPerMile: numberText(editing?.centsPerMile, 1) }}
        resetKey={editing?.id ?? 'new'}
        onClose={() => setDialog(null)}
      >
        {(form) => (
          <>
            <FormTextField
              control={form.control}
              name="effectiveFrom"
              type="date"
              label={t('chart.rates.from')}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="centsPerMile"
              label={t('chart.rates.rate')}
              required
              fullWidth
              helperText={t('chart.rates.rateHelp')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </>
        )}
      </ChartFormDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('chart.rates.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('chart.rates.deleteText', { date: formatShortDate(dialog.rate.effectiveFrom, i18n.language) }) : ''}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.rate)}
        onClose={() => setDialog(null)}
      />
      {view}
    </>
  );
}
