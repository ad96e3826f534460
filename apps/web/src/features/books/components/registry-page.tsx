import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, IconButton, Tooltip } from '@mui/material';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns, type ListColumn } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { ACTIVE_FILTER, StatusFilter } from '@/components/list-kit/status-filter';
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
    () => ({ sorts: props.sorts, defaultSort: props.sorts[0], defaultOrder: 'asc', filters: { active: ACTIVE_FILTER } }),
    [props.sorts],
  );
  const list = useListParams(config);
  const records = useQuery(registryQuery(name, toApiQuery(list.params)));
  const [editing, setEditing] = useState<{ record?: T } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: booksKeys.registry(name) });

  const toggle = useMutation({
    mutationFn: (r: T) => saveRecord(name, r.id, { active: !r.active }),
    onSuccess: refresh,
    onError: failed,
  });
  const actions = useRowActions<T>({
    nameOf: (r) => r.name,
    onEdit: (record) => setEditing({ record }),
    activation: { isActive: (r) => r.active, toggle: (r) => toggle.mutate(r) },
    remove: {
      title: t('books.registry.deleteTitle'),
      text: (r) => t('books.registry.deleteText', { name: r.name }),
      run: (r) => deleteRecord(name, r.id),
      onDone: async (r) => {
        await refresh();
        done(t('books.registry.deleted', { name: r.name }));
      },
      onError: async (err, r) => {
        // In use: deactivating keeps the books whole; offer it at once.
        if (err instanceof ApiError && err.code === 'CONFLICT') {
          await saveRecord(name, r.id, { active: false }).then(refresh, failed);
          done(t('books.registry.deactivatedInUse', { name: r.name }));
        } else failed(err);
      },
    },
    extra: (r) => (
      <>
        {props.extraActions?.(r)}
        <Tooltip title={t('books.history.title')}>
          <IconButton aria-label={`${t('books.history.title')} ${r.name}`} onClick={() => setHistoryOf(r.id)}>
            <Icon name="heroicons_outline:clock" size={18} />
          </IconButton>
        </Tooltip>
      </>
    ),
  });

  const columns = useMemo(() => {
    const column = listColumns<T>();
    return [
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
    ];
  }, [t, props.columns]);
  const sortLabels = Object.fromEntries(props.sorts.map((s) => [s, t(`books.sorts.${s}`)]));
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
      {t(`books.registry.${name}.new`)}
    </Button>
  );

  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} actions={newButton} />
      <ListToolbar list={list} searchLabel={t('books.searchLabel')} searchPlaceholder={t(`books.registry.${name}.search`)} sortLabels={sortLabels}>
        <StatusFilter list={list} />
      </ListToolbar>
      <DataList
        label={title}
        list={list}
        query={records as never /* never: one page serves four registries; rows are T by the name given */}
        columns={columns}
        getRowId={(r: T) => r.id}
        rowActions={actions.render}
        empty={{ icon, title: t(`books.registry.${name}.emptyTitle`), text: t(`books.registry.${name}.emptyText`), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <RegistryFormDialog
        open={editing !== null}
        title={editing?.record ? t(`books.registry.${name}.edit`) : t(`books.registry.${name}.new`)}
        fields={fields}
        initial={() => toForm(editing?.record)}
        recordKey={editing?.record?.id ?? 'new'}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const saved = await saveRecord(name, editing?.record?.id, toBody(values));
          await refresh();
          setEditing(null);
          done(t('books.registry.saved', { name: saved.name }));
        }}
      />
      {actions.confirm}
      <HistoryDialog entity={AUDIT_ENTITY[name]} id={historyOf} onClose={() => setHistoryOf(null)} />
      {view}
    </Box>
  );
}
