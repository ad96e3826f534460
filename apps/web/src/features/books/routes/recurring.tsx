import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Button, Chip, IconButton, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import {
  ENTRY_TYPES,
  RECURRING_FREQUENCIES,
  RECURRING_MODES,
  RECURRING_SORTS,
  isRealDate,
  type Entry,
  type EntryType,
  type Recurring,
  type RecurringFrequency,
  type RecurringTemplateBody,
} from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { useNotices } from '@/components/notice';
import { formatShortDate } from '@/lib/format';
import { centsToText, parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { booksKeys, deleteRecurring, recordRecurring, recurringQuery, updateRecurring } from '../api/books-api';
import { intervalOf, RepeatFields, type RepeatValues } from '../components/repeat-fields';
import { EntryFormDialog } from '../components/entry-form-dialog';

const column = listColumns<Recurring>();
const config: ListConfig<(typeof RECURRING_SORTS)[number], never> = { sorts: RECURRING_SORTS, defaultSort: 'nextDate', defaultOrder: 'asc', filters: {} };

const money = z.string().check(z.refine((v) => (parseMoney(v) ?? 0) > 0, { params: { i18n: 'books.validation.amount' } }));
const optionalDate = z
  .string()
  .check(z.refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)), { params: { i18n: 'books.validation.date' } }));

type EditValues = RepeatValues & { amount: string; description: string; endDate: string };
const ZEdit = z.object({
  amount: money,
  description: z.string().check(z.maxLength(500)),
  endDate: optionalDate,
  repeat: z.enum(RECURRING_FREQUENCIES),
  repeatInterval: z.string().check(z.refine((v) => intervalOf(v) !== undefined, { params: { i18n: 'books.recurring.badInterval' } })),
  repeatMode: z.enum(RECURRING_MODES),
});
const ZRecord = z.object({ amount: money });

/** What a template is called in the list: its description, else its category. */
const nameOf = (r: Recurring) => r.description || r.categoryName || '—';

/**
 * user/recurring: the recurring entries (issue 32). The list kit with the next date, amount, rhythm
 * and mode; pause and resume, change, delete after a question. A reminder's notification opens it
 * with `?record=<id>&date=<day>`: the amount to record, editable, in one click.
 */
export default function RecurringEntries() {
  const [newMenu, setNewMenu] = useState<HTMLElement | null>(null);
  const [newType, setNewType] = useState<EntryType | null>(null);
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { money: fmt } = useMoney();
  const list = useListParams(config);
  const records = useQuery(recurringQuery(toApiQuery(list.params)));
  const [editing, setEditing] = useState<Recurring | null>(null);
  const [sp, setSp] = useSearchParams();
  const recordId = sp.get('record');
  const recordDate = sp.get('date');
  const toRecord = useQuery({ ...recurringQuery({ size: 50 }), enabled: !!recordId });
  const recording = recordId ? toRecord.data?.items.find((r) => r.id === recordId) : undefined;
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: booksKeys.all });
  const closeRecord = () =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('record');
        next.delete('date');
        return next;
      },
      { replace: true },
    );

  const pause = useMutation({
    mutationFn: (r: Recurring) => updateRecurring(r.id, { paused: !r.paused }),
    onSuccess: async (r) => {
      await refresh();
      done(t(r.paused ? 'books.recurring.pausedDone' : 'books.recurring.resumedDone', { name: nameOf(r) }));
    },
    onError: failed,
  });
  const actions = useRowActions<Recurring>({
    nameOf,
    onEdit: (r) => setEditing(r),
    remove: {
      title: t('books.recurring.deleteTitle'),
      text: (r) => t('books.recurring.deleteText', { name: nameOf(r) }),
      run: (r) => deleteRecurring(r.id),
      onDone: async (r) => {
        await refresh();
        done(t('books.recurring.deleted', { name: nameOf(r) }));
      },
      onError: failed,
    },
    extra: (r) => (
      <Tooltip title={t(r.paused ? 'books.recurring.resume' : 'books.recurring.pause')}>
        <IconButton
          aria-label={`${t(r.paused ? 'books.recurring.resume' : 'books.recurring.pause')} ${nameOf(r)}`}
          onClick={() => pause.mutate(r)}
          disabled={pause.isPending}
        >
          <Icon name={r.paused ? 'heroicons_outline:play' : 'heroicons_outline:pause'} size={18} />
        </IconButton>
      </Tooltip>
    ),
  });

  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        meta: { label: t('books.fields.description'), card: 'title' },
        cell: ({ row: { original: r } }) => (
          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {nameOf(r)}
          </Box>
        ),
      }),
      column.display({
        id: 'nextDate',
        meta: { label: t('books.recurring.nextDate'), sortKey: 'nextDate' },
        cell: ({ row: { original: r } }) => (r.nextDate ? formatShortDate(r.nextDate, i18n.language) : t('books.recurring.ended')),
      }),
      column.display({
        id: 'amount',
        meta: { label: t('books.fields.amount'), sortKey: 'amount', align: 'right' },
        cell: ({ row: { original: r } }) => (r.amount !== null ? fmt(r.amount) : '—'),
      }),
      column.display({
        id: 'frequency',
        meta: { label: t('books.recurring.repeat') },
        cell: ({ row: { original: r } }) => t(`books.recurring.every.${r.frequency}`, { count: r.interval }),
      }),
      column.display({
        id: 'mode',
        meta: { label: t('books.recurring.mode') },
        cell: ({ row: { original: r } }) => (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={t(`books.recurring.modes.${r.mode}`)} />
            {r.paused && <Chip size="small" color="warning" variant="outlined" label={t('books.recurring.paused')} />}
          </Stack>
        ),
      }),
    ],
    [t, i18n.language, fmt],
  );
  // A new template is made the one way there is: an entry with Repeat chosen (monthly to start), of the type picked here.
  const newButton = (
    <Button
      variant="contained"
      startIcon={<Icon name="heroicons_outline:plus" size={20} />}
      onClick={(e) => setNewMenu(e.currentTarget)}
      aria-haspopup="menu"
      aria-expanded={newMenu ? true : undefined}
    >
      {t('books.recurring.new')}
    </Button>
  );
  const sortLabels = { nextDate: t('books.recurring.nextDate'), amount: t('books.fields.amount'), createdAt: t('books.sorts.createdAt') };

  return (
    <Box>
      <PageHeader title={t('books.recurring.title')} subtitle={t('books.recurring.subtitle')} actions={newButton} />
      <ListToolbar list={list} searchLabel={t('books.searchLabel')} searchPlaceholder={t('books.recurring.search')} sortLabels={sortLabels} />
      <DataList
        label={t('books.recurring.title')}
        list={list}
        query={records}
        columns={columns}
        getRowId={(r: Recurring) => r.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:arrow-path', title: t('books.recurring.emptyTitle'), text: t('books.recurring.emptyText'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <FormDialog<EditValues, Recurring>
        open={editing !== null}
        title={t('books.recurring.editTitle', { name: editing ? nameOf(editing) : '' })}
        onClose={() => setEditing(null)}
        schema={ZEdit}
        resetKey={editing?.id ?? 'none'}
        defaultValues={() => ({
          amount: centsToText(editing?.amount ?? undefined),
          description: editing?.description ?? '',
          endDate: editing?.endDate ?? '',
          repeat: editing?.frequency ?? 'monthly',
          repeatInterval: String(editing?.interval ?? 1),
          repeatMode: editing?.mode ?? 'record',
        })}
        submit={async (v) => {
          const r = editing!;
          return updateRecurring(r.id, {
            template: { ...templateOf(r), amount: parseMoney(v.amount)!, description: v.description.trim() || null },
            frequency: v.repeat as RecurringFrequency,
            interval: intervalOf(v.repeatInterval)!,
            mode: v.repeatMode,
            endDate: v.endDate || null,
          });
        }}
        onSuccess={async (r) => {
          await refresh();
          setEditing(null);
          done(t('books.recurring.saved', { name: nameOf(r) }));
        }}
      >
        {({ form }) => (
          <>
            <FormTextField
              control={form.control}
              name="amount"
              label={t('books.fields.amount')}
              fullWidth
              required
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <FormTextField control={form.control} name="description" label={t('books.fields.description')} fullWidth />
            <RepeatFields control={form.control} allowNever={false} />
            <FormTextField
              control={form.control}
              name="endDate"
              type="date"
              label={t('books.recurring.endDate')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
      </FormDialog>
      <FormDialog<{ amount: string }, Entry>
        open={!!recording && !!recordDate}
        title={t('books.recurring.recordTitle', { name: recording ? nameOf(recording) : '' })}
        onClose={closeRecord}
        schema={ZRecord}
        resetKey={`${recordId}:${recordDate}`}
        submitLabel={t('books.recurring.record')}
        defaultValues={() => ({ amount: centsToText(recording?.amount ?? undefined) })}
        submit={(v) => recordRecurring(recording!.id, { date: recordDate!, amount: parseMoney(v.amount)! })}
        onSuccess={async (entry) => {
          await refresh();
          closeRecord();
          done(t('books.recurring.recorded', { amount: fmt(entry.amount), date: formatShortDate(entry.date, i18n.language) }));
        }}
      >
        {({ form }) => (
          <>
            <Typography variant="body2">{t('books.recurring.recordText', { date: recordDate ? formatShortDate(recordDate, i18n.language) : '' })}</Typography>
            <FormTextField
              control={form.control}
              name="amount"
              label={t('books.fields.amount')}
              fullWidth
              required
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </>
        )}
      </FormDialog>
      {actions.confirm}
      {view}
      <Menu anchorEl={newMenu} open={!!newMenu} onClose={() => setNewMenu(null)}>
        {ENTRY_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setNewMenu(null);
              setNewType(type);
            }}
          >
            {t(`books.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
      {newType && (
        <EntryFormDialog
          open
          type={newType}
          defaultDate={new Date().toISOString().slice(0, 10)}
          preset={{ repeat: 'monthly' }}
          onClose={() => setNewType(null)}
          onSaved={() => void qc.invalidateQueries({ queryKey: booksKeys.all })}
        />
      )}
    </Box>
  );
}

/** The template as the API takes it back: its fields without the empty ones. */
function templateOf(r: Recurring): RecurringTemplateBody {
  const fields = Object.entries(r.template).filter(([, v]) => v !== undefined);
  return Object.fromEntries(fields) as RecurringTemplateBody; // the answer's plain values are the body's own shape, checked again by the server
}
