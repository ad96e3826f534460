import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, IconButton, Link, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
// Screen-reader-only text: 1 px, clipped (in sx a bare 1 would be 100 %, and the text overflowed a phone's page).
import { visuallyHidden } from '@mui/utils';
import { ENTRY_SORTS, PAYMENT_METHODS, type Entry, type EntryType } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { cellStyles, DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { useRowActions } from '@/components/list-kit/row-actions';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { downloadFile } from '@/lib/download';
import { useNotices } from '@/components/notice';
import { formatShortDate } from '@/lib/format';
import { useMoney } from '@/lib/settings';
import { booksKeys, deleteEntry, entriesQuery, entryQuery } from '../api/books-api';
import { useMonth } from '../lib/month';
import { EntryFormDialog, type EntryFormValues } from './entry-form-dialog';
import { HistoryDialog } from './history-dialog';
import { MonthPicker } from './month-picker';
import { PeriodBanner, useMonthClosed } from './period-banner';
import { BackToBooks } from './back-to-books';
import { numberFormat } from '@/lib/intl';

type EntrySort = (typeof ENTRY_SORTS)[number];
const ENTRY_LIST: ListConfig<EntrySort, 'paymentMethod' | 'categoryId'> = {
  sorts: ENTRY_SORTS,
  defaultSort: 'date',
  defaultOrder: 'desc',
  filters: { paymentMethod: PAYMENT_METHODS, categoryId: null },
};

const column = listColumns<Entry>();

export interface EntryListPageProps {
  type: EntryType;
  title: string;
  subtitle?: string;
  /** Filters the screen fixes (a subcategory, a worker), sent with every call. */
  fixed?: { subcategoryId?: string; workerId?: string; providerId?: string };
  /** What a new entry starts with on this screen. */
  preset?: Partial<EntryFormValues>;
  /** Above the list: the screen's own summary (totals per day, per worker...). */
  children?: ReactNode;
  /** Other buttons beside "New". */
  actions?: ReactNode;
}

/** The month's entries of one type: the list kit, the one entry form, receipts, history, CSV. */
export function EntryListPage({ type, title, subtitle, fixed, preset, children, actions }: EntryListPageProps) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { money } = useMoney();
  const m = useMonth();
  const list = useListParams(ENTRY_LIST);
  const { params, setParams } = list;
  const closed = useMonthClosed(m.year, m.month);
  const apiQuery = { ...toApiQuery(params), type, from: m.from, to: m.to, ...fixed };
  const entries = useQuery(entriesQuery(apiQuery));

  const [editing, setEditing] = useState<{ entry?: Entry } | null>(null);
  // A link to one entry (a product's stock movement): `?entry=<id>` opens it over its month's list.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get('entry');
  const linkedEntry = useQuery({ ...entryQuery(linked ?? ''), enabled: !!linked && /^[0-9a-f-]{36}$/i.test(linked) });
  const shown = editing ?? (linkedEntry.data?.type === type ? { entry: linkedEntry.data } : null);
  const closeForm = () => {
    setEditing(null);
    if (linked)
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('entry');
          return next;
        },
        { replace: true },
      );
  };
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const { failed, view } = useNotices();
  const rowActions = useRowActions<Entry>({
    nameOf: (e) => `${e.date} ${money(e.amount)}`,
    // A closed month's entry opens to be read; the server refuses a change.
    onEdit: (entry) => setEditing({ entry }),
    locked: closed,
    viewWhenLocked: true,
    remove: {
      title: t('books.entry.deleteTitle'),
      text: (e) => t('books.entry.deleteText', { date: formatShortDate(e.date, i18n.language), amount: money(e.amount) }),
      run: (e) => deleteEntry(e.id),
      onDone: () => qc.invalidateQueries({ queryKey: booksKeys.all }),
      onError: failed,
    },
  });

  const columns = useMemo(
    () => [
      column.accessor('date', {
        meta: { label: t('books.fields.date'), sortKey: 'date', card: 'title' },
        cell: (c) => <span className={cellStyles.nowrap}>{formatShortDate(c.getValue(), i18n.language)}</span>,
      }),
      column.display({
        id: 'category',
        meta: { label: t('books.fields.category'), sortKey: 'category' },
        cell: ({ row: { original: e } }) => (
          <span>
            {e.categoryName}
            {e.subcategoryName && <span className={cellStyles.aside}> · {e.subcategoryName}</span>}
          </span>
        ),
      }),
      ...(type === 'worker_payment' || type === 'supplier_payment' || type === 'purchase'
        ? [
            column.display({
              id: 'party',
              meta: {
                label: type === 'worker_payment' ? t('books.fields.worker') : type === 'purchase' ? t('books.fields.product') : t('books.fields.provider'),
              },
              cell: ({ row: { original: e } }) =>
                type === 'purchase' ? (
                  <span>
                    {e.productName ?? '—'}
                    {e.quantity !== null && e.unitCost !== null && (
                      <span className={cellStyles.aside}>
                        {' '}
                        · {numberFormat(i18n.language, { maximumFractionDigits: 3 }).format(e.quantity)} × {money(e.unitCost)}
                      </span>
                    )}
                  </span>
                ) : (
                  (e.workerName ?? e.providerName ?? '—')
                ),
            }),
          ]
        : []),
      ...(type === 'income'
        ? [
            column.display({
              id: 'customer',
              meta: { label: t('contacts.fields.customer') },
              cell: ({ row: { original: e } }) =>
                e.contactId ? (
                  <Link component={RouterLink} to={`/apps/contacts/${e.contactId}`}>
                    {e.contactName}
                  </Link>
                ) : (
                  '—'
                ),
            }),
          ]
        : []),
      column.accessor('paymentMethod', {
        meta: { label: t('books.fields.paymentMethod'), sortKey: 'paymentMethod' },
        cell: (c) => t(`books.methods.${c.getValue()}`),
      }),
      column.display({
        id: 'description',
        meta: { label: t('books.fields.description') },
        cell: ({ row: { original: e } }) => (
          <span className={cellStyles.breakAnywhere}>
            {[e.reference && `#${e.reference}`, e.description].filter(Boolean).join(' · ') || '—'}
            {e.attachments.length > 0 && (
              <span className={cellStyles.attachment} title={t('books.receipts.count', { count: e.attachments.length })}>
                <Icon name="heroicons_outline:paper-clip" size={14} />
                <span style={visuallyHidden}>{t('books.receipts.count', { count: e.attachments.length })}</span>
              </span>
            )}
          </span>
        ),
      }),
      column.accessor('amount', {
        meta: { label: t('books.fields.amount'), sortKey: 'amount', align: 'right' },
        cell: (c) => <span className={cellStyles.figure}>{money(c.getValue())}</span>,
      }),
    ],
    [t, i18n.language, money, type],
  );

  const sortLabels = Object.fromEntries(ENTRY_SORTS.map((s) => [s, t(`books.sorts.${s}`)])) as Record<EntrySort, string>;
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})} disabled={closed}>
      {t('books.entry.new', { type: t(`books.types.${type}`) })}
    </Button>
  );
  const exportCsv = () =>
    void downloadFile(
      `/api/entries/export.csv?${new URLSearchParams(Object.entries({ type, from: m.from, to: m.to, ...fixed }).filter((e): e is [string, string] => !!e[1])).toString()}`,
      `${type}-${m.year}-${String(m.month).padStart(2, '0')}.csv`,
    ).catch(failed);

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <MonthPicker />
            {actions}
            <Tooltip title={t('books.import.open')}>
              <IconButton component={RouterLink} to="/user/import" aria-label={t('books.import.open')}>
                <Icon name="heroicons_outline:arrow-up-tray" size={20} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('books.exportCsv')}>
              <IconButton onClick={exportCsv} aria-label={t('books.exportCsv')}>
                <Icon name="heroicons_outline:arrow-down-tray" size={20} />
              </IconButton>
            </Tooltip>
            {newButton}
          </Stack>
        }
      />
      <PeriodBanner year={m.year} month={m.month} />
      {children}
      <ListToolbar list={list} searchLabel={t('books.searchLabel')} searchPlaceholder={t('books.searchPlaceholder')} sortLabels={sortLabels}>
        <TextField
          select
          size="small"
          label={t('books.fields.paymentMethod')}
          value={params.filters.paymentMethod ?? ''}
          onChange={(e) => setParams({ filters: { paymentMethod: e.target.value || undefined } })}
          sx={{ minWidth: { xs: 0, sm: 150 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">{t('books.all')}</MenuItem>
          {PAYMENT_METHODS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`books.methods.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>
      <DataList
        label={title}
        list={list}
        query={entries}
        columns={columns}
        getRowId={(e) => e.id}
        totals={entries.data ? { date: t('books.total', { count: entries.data.totals.count }), amount: money(entries.data.totals.amount) } : undefined}
        rowActions={rowActions.render}
        empty={{
          icon: 'heroicons_outline:banknotes',
          title: t('books.emptyTitle'),
          text: t('books.emptyText', { type: t(`books.types.${type}`) }),
          action: closed ? undefined : newButton,
        }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <EntryFormDialog
        open={shown !== null}
        type={type}
        entry={shown?.entry}
        defaultDate={m.defaultDate}
        preset={preset}
        onClose={closeForm}
        onHistory={(e) => setHistoryOf(e.id)}
      />
      {rowActions.confirm}
      <HistoryDialog entity="entry" id={historyOf} onClose={() => setHistoryOf(null)} />
      {view}
    </Box>
  );
}
