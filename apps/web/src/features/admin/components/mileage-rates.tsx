import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack } from '@mui/material';
import type { MileageRate } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { DataList, listColumns } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useRowActions } from '@/components/list-kit/row-actions';
import { useNotices } from '@/components/notice';
import { formatShortDate } from '@/lib/format';
import { numberFormat } from '@/lib/intl';
import { chartKeys, deleteMileageRate, mileageRatesQuery } from '../api/chart-api';
import { MileageRateFormDialog } from './mileage-rate-form-dialog';

const RATE_LIST: ListConfig<'effectiveFrom', never> = { sorts: ['effectiveFrom'], defaultSort: 'effectiveFrom', defaultOrder: 'desc' };
const rateColumn = listColumns<MileageRate>();

/** The IRS standard mileage rates, each from the day it applies. */
export function MileageRates() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(RATE_LIST);
  const rates = useQuery(mileageRatesQuery);
  const [editing, setEditing] = useState<{ rate?: MileageRate } | null>(null);
  const { done, failed, view } = useNotices();
  const refresh = () => qc.invalidateQueries({ queryKey: chartKeys.all });
  const actions = useRowActions<MileageRate>({
    nameOf: (r) => r.effectiveFrom,
    onEdit: (rate) => setEditing({ rate }),
    remove: {
      title: t('chart.rates.deleteTitle'),
      text: (r) => t('chart.rates.deleteText', { date: formatShortDate(r.effectiveFrom, i18n.language) }),
      run: (r) => deleteMileageRate(r.id),
      onDone: refresh,
      onError: failed,
    },
  });
  const columns = useMemo(() => {
    const rate = numberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    return [
      rateColumn.accessor('effectiveFrom', {
        meta: { label: t('chart.rates.from'), card: 'title' },
        cell: (c) => formatShortDate(c.getValue(), i18n.language),
      }),
      rateColumn.accessor('centsPerMile', { meta: { label: t('chart.rates.rate'), align: 'right' }, cell: (c) => `${rate.format(c.getValue())} ¢` }),
    ];
  }, [t, i18n.language]);
  const newButton = (
    <Button variant="contained" startIcon={<Icon name="heroicons_outline:plus" size={20} />} onClick={() => setEditing({})}>
      {t('chart.rates.new')}
    </Button>
  );
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('chart.rates.help')}
      </Alert>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        {newButton}
      </Stack>
      <DataList
        label={t('chart.rates.tab')}
        list={list}
        query={rates}
        columns={columns}
        getRowId={(r) => r.id}
        rowActions={actions.render}
        empty={{ icon: 'heroicons_outline:map', title: t('chart.rates.emptyTitle'), action: newButton }}
        noMatch={{ title: t('books.noMatchTitle') }}
      />
      <MileageRateFormDialog
        open={editing !== null}
        rate={editing?.rate}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
          done(t('chart.rates.saved'));
        }}
      />
      {actions.confirm}
      {view}
    </>
  );
}
