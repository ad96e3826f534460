import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { Annual } from '@cuadre/contracts';
import { JobPanel } from '@/components/job-panel';
import { startYearEnd } from '@/lib/jobs';
import { QueryView } from '@/components/page-states';
import { ReportCard, ReportTable } from '@/components/report-table/report-table';
import { useMoney } from '@/lib/settings';
import { annualQuery } from '../api/books-api';
import { NotDeductibleCard } from '../components/not-deductible';
import { ReportEmpty, ReportHeader, useYear, YearPicker } from '../components/report-parts';
import { numberFormat } from '@/lib/intl';

type Category = Annual['categories'][number];
type Vehicle = Annual['vehicles'][number];
type Worker = Annual['workers'][number];

/** user/annualtotal?year=: the year's totals by tax line, mileage per vehicle, payments per worker, an estimate of SE tax. */
export default function AnnualTotal() {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const { year, setYear } = useYear();
  const annual = useQuery(annualQuery(year));
  const miles = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });

  return (
    <Box>
      <ReportHeader
        title={t('books.reports.annualTotal')}
        text={t('books.reports.annualTotalText')}
        period={year}
        picker={<YearPicker year={year} onChange={setYear} />}
        links={[{ to: `/user/profitsandlossesyear?year=${year}`, label: t('books.reports.pnlYear') }]}
        downloads={{ name: 'annual', query: { year }, fileName: `annual-${year}` }}
      />
      <QueryView
        query={annual}
        isEmpty={(a) => a.categories.length === 0 && a.workers.length === 0}
        empty={<ReportEmpty icon="heroicons_outline:document-text" to={`/user/dailyincome?year=${year}&month=1`} />}
      >
        {(a) => (
          <Stack spacing={2}>
            <ReportCard title={t('books.reports.categories')}>
              <ReportTable
                label={t('books.reports.categories')}
                framed={false}
                columns={[
                  {
                    id: 'category',
                    header: t('books.reports.category'),
                    cell: (c: Category) => (
                      <>
                        {c.name}
                        <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}>
                          {c.taxLine}
                        </Typography>
                      </>
                    ),
                  },
                  { id: 'taxLine', header: t('books.reports.taxLine'), cell: (c) => c.taxLine, wide: true, sx: { color: 'text.secondary' } },
                  { id: 'amount', header: t('books.reports.amount'), money: (c) => c.amount, loss: true },
                ]}
                rows={a.categories.map((c) => ({ kind: 'line', key: `${c.kind}-${c.categoryId}`, data: c }))}
                footer={(
                  [
                    ['totalIncome', a.income],
                    ['totalCostOfGoods', a.costOfGoods],
                    ['grossProfit', a.grossProfit],
                    ['totalOperatingExpenses', a.operatingExpenses],
                    ['netProfit', a.net],
                  ] as const
                ).map(([key, amount]) => ({ kind: 'total', key, label: t(`books.reports.${key}`), values: { amount } }))}
              />
            </ReportCard>

            <NotDeductibleCard lines={a.notDeductible} />

            <ReportCard title={t('books.reports.vehicles')}>
              {a.vehicles.length === 0 ? (
                <Typography sx={{ color: 'text.secondary', px: 2, pb: 2 }}>{t('books.reports.noVehicles')}</Typography>
              ) : (
                <ReportTable
                  label={t('books.reports.vehicles')}
                  framed={false}
                  columns={[
                    {
                      id: 'vehicle',
                      header: t('books.reports.vehicle'),
                      cell: (v: Vehicle) => (
                        <>
                          {v.name}
                          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                            {t(`books.vehicleMethods.${v.method}`)}
                            {v.businessShare !== null && ` · ${t('books.vehicleMethods.share', { share: percent.format(v.businessShare) })}`}
                          </Typography>
                        </>
                      ),
                    },
                    { id: 'trips', header: t('books.reports.trips'), cell: (v) => v.trips, numeric: true, wide: true },
                    { id: 'miles', header: t('books.reports.miles'), cell: (v) => miles.format(v.miles), numeric: true },
                    { id: 'deduction', header: t('books.reports.deduction'), money: (v) => v.deduction },
                    { id: 'expensesDeducted', header: t('books.reports.expensesDeducted'), money: (v) => v.expensesDeducted, wide: true },
                  ]}
                  rows={a.vehicles.map((v) => ({ kind: 'line', key: v.vehicleId, data: v }))}
                  footer={[
                    {
                      kind: 'total',
                      key: 'total',
                      label: t('books.reports.total'),
                      values: {
                        trips: a.vehicles.reduce((n, v) => n + v.trips, 0),
                        miles: miles.format(a.miles),
                        deduction: a.mileageDeduction,
                        expensesDeducted: a.vehicles.reduce((n, v) => n + v.expensesDeducted, 0),
                      },
                    },
                  ]}
                />
              )}
            </ReportCard>

            <ReportCard title={t('books.reports.workers')}>
              {a.workers.length === 0 ? (
                <Typography sx={{ color: 'text.secondary', px: 2, pb: 2 }}>{t('books.reports.noWorkers')}</Typography>
              ) : (
                <>
                  <ReportTable
                    label={t('books.reports.workers')}
                    framed={false}
                    columns={[
                      {
                        id: 'worker',
                        header: t('books.reports.worker'),
                        cell: (w: Worker) => (
                          <>
                            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                              <span>{w.name}</span>
                              {w.overThreshold && (
                                <Chip size="small" color="warning" label={t('books.reports.overThreshold', { amount: money(a.contractorThreshold) })} />
                              )}
                            </Stack>
                            {w.taxIdMasked && (
                              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                                {t('books.reports.taxId')} {w.taxIdMasked}
                              </Typography>
                            )}
                          </>
                        ),
                      },
                      { id: 'kind', header: t('books.reports.kind'), cell: (w) => t(`books.workerKinds.${w.kind}`), wide: true },
                      { id: 'payments', header: t('books.reports.payments'), cell: (w) => w.payments, numeric: true, wide: true },
                      { id: 'amount', header: t('books.reports.amount'), money: (w) => w.amount },
                    ]}
                    rows={a.workers.map((w) => ({ kind: 'line', key: w.workerId, data: w }))}
                  />
                  <Typography variant="body2" sx={{ color: 'text.secondary', p: 2 }}>
                    {t('books.reports.thresholdNote', { amount: money(a.contractorThreshold), year })}
                  </Typography>
                </>
              )}
            </ReportCard>

            <ReportCard title={t('books.reports.yearEnd')}>
              <Box sx={{ px: 2, pb: 2 }} data-print="hide">
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                  {t('books.reports.yearEndText')}
                </Typography>
                <JobPanel kind="year_end" year={year} start={() => startYearEnd(year)} startLabel={t('books.reports.yearEndStart', { year })} />
              </Box>
            </ReportCard>

            <ReportCard title={t('books.reports.seTax')}>
              <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
                {t('books.reports.seNote')}
              </Alert>
              <ReportTable
                label={t('books.reports.seTax')}
                framed={false}
                head={false}
                columns={[
                  { id: 'name', header: '', cell: (r: { key: string; amount: number }) => t(`books.reports.${r.key}`) },
                  { id: 'amount', header: '', money: (r) => r.amount },
                ]}
                rows={(
                  [
                    ['netProfit', a.net],
                    ['netEarnings', a.selfEmploymentTax.netEarnings],
                    ['wageBase', a.selfEmploymentTax.socialSecurityWageBase],
                    ['socialSecurity', a.selfEmploymentTax.socialSecurity],
                    ['medicare', a.selfEmploymentTax.medicare],
                  ] as const
                ).map(([key, amount]) => ({ kind: 'line', key, data: { key, amount } }))}
                footer={[{ kind: 'total', key: 'total', label: t('books.reports.seTax'), values: { amount: a.selfEmploymentTax.total } }]}
              />
            </ReportCard>
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}
