import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns, type ListColumn } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { ApiError } from '@/lib/api';
import { useNotices } from '@/components/notice';
import { booksKeys, deleteRecord, registryQuery, saveRecord, type RegistryName } from '../api/books-api';
import { HistoryDialog } from './history-dialog';
import { RegistryFormDialog, type FieldSpec } from './registry-form-dialog';

interface RecordBase {
  id: string;
  name: string;
  active: boolean;
}

export interface RegistryPageProps<T extends RecordBase> {
  name: RegistryName;
  sorts: readonly [string, ...string[]];
  title: string;
  subtitle: string;
  icon: string;
  /** The columns beside the name and the status. */
  columns: ListColumn<T>[];
  fields: FieldSpec[];
  /** A record as the form's starting values (text for every field). */
  toForm: (record: T | undefined) => Record<string, string>;
  /** The form's values as the API's body. */
  toBody: (values: Record<string, string>) => Record<string, unknown>;
  extraActions?: (record: T) => ReactNode;
}

const AUDIT_ENTITY = { workers: 'worker', providers: 'provider', vehicles: 'vehicle', products: 'product' } as const;

/**
 * One registry screen (workers, providers, vehicles, products): the list kit with search, active
 * filter, sort and pages; a form to add or change; delete when unused, deactivate when in use.
 */
export function RegistryPage<T extends RecordBase>(props: RegistryPageProps<T>) {
  const { name, title, subtitle, icon, fields, toForm, toBody } = props;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useMemo<ListConfig<string, 'active'>>(
    () => ({ sorts: props.sorts, defaultSort: props.sorts[0], defaultOrder: 'asc', filters: { active: ['true', 'false'] } }),
    [props.sorts],
  );
  const list = useListParams(config);
  const { params, setParams } = list;
  const records = useQuery(registryQuery(name, toApiQuery(params)));
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit'; record: T } | { kind: 'delete'; record: T } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: booksKeys.registry(name) });

  const remove = useMutation({
    mutationFn: (r: T) => deleteRecord(name, r.id),
    onSuccess: async (_ok, r) => {
      setDialog(null);
      await refresh();
      done(t('books.registry.deleted', { name: r.name }));
    },
    onError: async (err, r) => {
      setDialog(null);
      // In use: deactivating keeps the books whole; offer it at once.
      if (err instanceof ApiError && err.code === 'CONFLICT') {
        await saveRecord(name, r.id, { active: false }).then(refresh, failed);
        done(t('books.registry.deactivatedInUse', { name: r.name }));
      } else failed(err);
    },
  });
  const toggle = useMutation({
    mutationFn: (r: T) => saveRecord(name, r.id, { active: !r.active }),
    onSuccess: refresh,
    onError: failed,
  });

  const column = listColumns<T>();
  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        meta: { label: t('books.fields.name'), sortKey: 'name', card: 'title' },
        cell: ({ row: { original: r } }) => (
          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {r.name}
          </Box>
        ),
      }),
      ...props.columns,
      column.display({
        id: 'active',
        meta: { label: t('books.fields.status') },
        cell: ({ row: { original: r } }) => (
          <Chip size="small" label={r.active ? t('books.active') : t('books.inactive')} color={r.active ? 'success' : 'default'} variant="outlined" />
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the column helper is stateless; props.columns changes with the language
    [t, props.columns],
  );
  const sortLabels = Object.fromEntries(props.sorts.map((s) => [s, t(`books.sorts.${s}`)]));
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setDialog({ kind: 'new' })}>
      {t(`books.registry.${name}.new`)}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} actions={newButton} />
      <ListToolbar list={list} searchLabel={t('books.searchLabel')} searchPlaceholder={t(`books.registry.${name}.search`)} sortLabels={sortLabels}>
        <TextField
          select
          size="small"
          label={t('books.fields.status')}
          value={params.filters.active ?? ''}
          onChange={(e) => setParams({ filters: { active: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 150 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('books.all')}</MenuItem>
          <MenuItem value="true">{t('books.active')}</MenuItem>
          <MenuItem value="false">{t('books.inactive')}</MenuItem>
        </TextField>
      </ListToolbar>
      <DataList
        label={title}
        list={list}
        query={records as never /* never: one page serves four registries; rows are T by the name given */}
        columns={columns}
        getRowId={(r: T) => r.id}
        rowActions={(r: T) => (
          <Stack direction="row">
            {props.extraActions?.(r)}
            <Tooltip title={t('common.edit')}>
              <IconButton aria-label={`${t('common.edit')} ${r.name}`} onClick={() => setDialog({ kind: 'edit', record: r })}>
                <Icon name="heroicons_outline:pencil-square" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={r.active ? t('books.registry.deactivate') : t('books.registry.activate')}>
              <IconButton aria-label={`${r.active ? t('books.registry.deactivate') : t('books.registry.activate')} ${r.name}`} onClick={() => toggle.mutate(r)}>
                <Icon name={r.active ? 'heroicons_outline:archive-box' : 'heroicons_outline:arrow-uturn-left'} size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('books.history.title')}>
              <IconButton aria-label={`${t('books.history.title')} ${r.name}`} onClick={() => setHistoryOf(r.id)}>
                <Icon name="heroicons_outline:clock" size={18} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <IconButton aria-label={`${t('common.delete')} ${r.name}`} onClick={() => setDialog({ kind: 'delete', record: r })}>
                <Icon name="heroicons_outline:trash" size={18} />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
        empty={{ icon, title: t(`books.registry.${name}.emptyTitle`), text: t(`books.registry.${name}.emptyText`), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <RegistryFormDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        title={dialog?.kind === 'edit' ? t(`books.registry.${name}.edit`) : t(`books.registry.${name}.new`)}
        fields={fields}
        initial={toForm(dialog?.kind === 'edit' ? dialog.record : undefined)}
        recordKey={dialog?.kind === 'edit' ? dialog.record.id : 'new'}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          const saved = await saveRecord(name, dialog?.kind === 'edit' ? dialog.record.id : undefined, toBody(values));
          await refresh();
          setDialog(null);
          done(t('books.registry.saved', { name: saved.name }));
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('books.registry.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('books.registry.deleteText', { name: dialog.record.name }) : ''}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.record)}
        onClose={() => setDialog(null)}
      />
      <HistoryDialog entity={AUDIT_ENTITY[name]} id={historyOf} onClose={() => setHistoryOf(null)} />
      {view}
    </Box>
  );
}
