import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Grid, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { TRIP_SORTS, type Trip } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { DataList, ListToolbar, listColumns } from '@/components/list-kit/data-list';
import { useRowActions } from '@/components/list-kit/row-actions';
import { toApiQuery, useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useNotices } from '@/components/notice';
import { formatShortDate } from '@/lib/format';
import { useMoney } from '@/lib/settings';
import { booksKeys, deleteTrip, tripsQuery } from '../api/books-api';
import { HistoryDialog } from '../components/history-dialog';
import { MonthPicker } from '../components/month-picker';
import { PeriodBanner, useMonthClosed } from '../components/period-banner';
import { TripFormDialog } from '../components/trip-form-dialog';
import { useMonth } from '../lib/month';
import { BackToBooks } from '../components/back-to-books';
import { numberFormat } from '@/lib/intl';

type TripSort = (typeof TRIP_SORTS)[number];
const TRIP_LIST: ListConfig<TripSort, 'vehicleId'> = { sorts: TRIP_SORTS, defaultSort: 'date', defaultOrder: 'desc', filters: { vehicleId: null } };
const column = listColumns<Trip>();

/** user/monthlymileage: the month's trips, miles per vehicle and the deduction at the rate of each trip's date. */
export default function MonthlyMileage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { money } = useMoney();
  const m = useMonth();
  const closed = useMonthClosed(m.year, m.month);
  const list = useListParams(TRIP_LIST);
  const trips = useQuery(tripsQuery({ ...toApiQuery(list.params), from: m.from, to: m.to }));
  const [editing, setEditing] = useState<{ trip?: Trip } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const { failed, view } = useNotices();
  const miles = useCallback((n: number) => numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n), [i18n.language]);
  const actions = useRowActions<Trip>({
    nameOf: (tr) => `${tr.date} ${tr.purpose}`,
    onEdit: (trip) => setEditing({ trip }),
    locked: closed,
    remove: {
      title: t('books.trips.deleteTitle'),
      text: (tr) => t('books.trips.deleteText', { date: formatShortDate(tr.date, i18n.language), purpose: tr.purpose }),
      run: (tr) => deleteTrip(tr.id),
      onDone: () => qc.invalidateQueries({ queryKey: booksKeys.all }),
      onError: failed,
    },
    extra: (tr) => (
      <Tooltip title={t('books.history.title')}>
        <IconButton aria-label={`${t('books.history.title')} ${tr.date} ${tr.purpose}`} onClick={() => setHistoryOf(tr.id)}>
          <Icon name="heroicons_outline:clock" size={18} />
        </IconButton>
      </Tooltip>
    ),
  });

  const columns = useMemo(
    () => [
      column.accessor('date', {
        meta: { label: t('books.fields.date'), sortKey: 'date', card: 'title' },
        cell: (c) => formatShortDate(c.getValue(), i18n.language),
      }),
      column.accessor('vehicleName', { meta: { label: t('books.fields.vehicle'), sortKey: 'vehicle' } }),
      column.display({
        id: 'purpose',
        meta: { label: t('books.fields.purpose') },
        cell: ({ row: { original: tr } }) => (
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {tr.purpose}
            {(tr.origin || tr.destination) && (
              <Typography
                component="span"
                variant="body2"
                sx={{
                  color: 'text.secondary',
                }}
              >
                {' '}
                · {[tr.origin, tr.destination].filter(Boolean).join(' → ')}
              </Typography>
            )}
          </Box>
        ),
      }),
      column.accessor('miles', { meta: { label: t('books.fields.miles'), sortKey: 'miles', align: 'right' }, cell: (c) => miles(c.getValue()) }),
      column.accessor('centsPerMile', {
        meta: { label: t('books.fields.rate'), align: 'right' },
        cell: (c) => (c.getValue() === null ? '—' : `${miles(c.getValue()!)} ¢`),
      }),
      column.accessor('deduction', {
        meta: { label: t('books.fields.deduction'), align: 'right' },
        cell: (c) => (
          <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {money(c.getValue())}
          </Box>
        ),
      }),
    ],
    [t, i18n.language, money, miles],
  );
  const sortLabels = Object.fromEntries(TRIP_SORTS.map((s) => [s, t(`books.sorts.${s}`)])) as Record<TripSort, string>;
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})} disabled={closed}>
      {t('books.trips.new')}
    </Button>
  );

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.screens.monthlyMileage')}
        subtitle={t('books.screens.monthlyMileageText')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <MonthPicker />
            {newButton}
          </Stack>
        }
      />
      <PeriodBanner year={m.year} month={m.month} />
      {trips.data && trips.data.vehicles.length > 0 && (
        <Grid container spacing={2} sx={{ mb: 2 }}>
          {trips.data.vehicles.map((v) => (
            <Grid key={v.vehicleId} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="subtitle2" component="h2">
                    {v.vehicleName}
                  </Typography>
                  <Typography variant="h6">{t('books.trips.miles', { miles: miles(v.miles) })}</Typography>
                  <Typography
                    variant="body2"
                    sx={{
                      color: 'text.secondary',
                    }}
                  >
                    {t('books.trips.vehicleLine', { count: v.count, deduction: money(v.deduction) })}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <ListToolbar list={list} searchLabel={t('books.searchLabel')} searchPlaceholder={t('books.trips.search')} sortLabels={sortLabels} />
      <DataList
        label={t('books.screens.monthlyMileage')}
        list={list}
        query={trips}
        columns={columns}
        getRowId={(tr) => tr.id}
        totals={
          trips.data
            ? {
                date: t('books.total', { count: trips.data.totals.count }),
                miles: miles(trips.data.totals.miles),
                deduction: money(trips.data.totals.deduction),
              }
            : undefined
        }
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:map', title: t('books.trips.emptyTitle'), text: t('books.trips.emptyText'), action: closed ? undefined : newButton }}
        noMatch={{ title: t('books.noMatchTitle'), text: t('books.noMatchText') }}
      />
      <TripFormDialog open={editing !== null} trip={editing?.trip} defaultDate={m.defaultDate} onClose={() => setEditing(null)} />
      {actions.confirm}
      <HistoryDialog entity="trip" id={historyOf} onClose={() => setHistoryOf(null)} />
      {view}
    </Box>
  );
}
