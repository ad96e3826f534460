import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, Chip, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { JobPanel } from '@/components/job-panel';
import { PageHeader } from '@/components/page-header';
import { startYearEnd } from '@/lib/jobs';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { useMoney } from '@/lib/settings';
import { annualQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { negative, numeric, PrintOnly, ReportActions, totalsFooter, useYear, YearPicker } from '../components/report-parts';
import { numberFormat } from '@/lib/intl';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** user/annualtotal?year=: the year's totals by tax line, mileage per vehicle, payments per worker, an estimate of SE tax. */
export default function AnnualTotal() {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const { year, setYear } = useYear();
  const annual = useQuery(annualQuery(year));
  const a = annual.data;
  const miles = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const total = (label: string, amount: number) => (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
        {label}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
      <TableCell align="right" sx={{ ...numeric, fontWeight: 700, ...(amount < 0 ? negative : {}) }}>
        {money(amount)}
      </TableCell>
    </TableRow>
  );

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.reports.annualTotal')}
        subtitle={
          <>
            <PrintOnly>{year}</PrintOnly>
            {t('books.reports.annualTotalText')}
          </>
        }
        actions={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            data-print="hide"
            sx={{
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <YearPicker year={year} onChange={setYear} />
            <Button component={RouterLink} to={`/user/profitsandlossesyear?year=${year}`} variant="outlined" size="small">
              {t('books.reports.pnlYear')}
            </Button>
          </Stack>
        }
      />
      <Box sx={{ mb: 2 }}>
        <ReportActions name="annual" query={{ year }} fileName={`annual-${year}`} />
      </Box>
      {annual.isPending ? (
        <LoadingState />
      ) : annual.isError ? (
        <ErrorState error={annual.error} onRetry={() => annual.refetch()} />
      ) : !a || (a.categories.length === 0 && a.workers.length === 0) ? (
        <EmptyState
          icon="heroicons_outline:document-text"
          title={t('books.reports.emptyTitle')}
          text={t('books.reports.emptyText')}
          action={
            <Button component={RouterLink} to={`/user/dailyincome?year=${year}&month=1`} variant="contained">
              {t('books.reports.record')}
            </Button>
          }
        />
      ) : (
        <Stack spacing={2}>
          <Section title={t('books.reports.categories')}>
            <Table size="small" aria-label={t('books.reports.categories')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('books.reports.category')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('books.reports.taxLine')}</TableCell>
                  <TableCell align="right">{t('books.reports.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {a.categories.map((c) => (
                  <TableRow key={`${c.kind}-${c.categoryId}`} hover>
                    <TableCell component="th" scope="row">
                      {c.name}
                      <Typography
                        variant="caption"
                        sx={{
                          color: 'text.secondary',
                          display: { xs: 'block', sm: 'none' },
                        }}
                      >
                        {c.taxLine}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'table-cell' } }}>{c.taxLine}</TableCell>
                    <TableCell align="right" sx={numeric}>
                      {money(c.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter sx={totalsFooter}>
                {total(t('books.reports.totalIncome'), a.income)}
                {total(t('books.reports.totalCostOfGoods'), a.costOfGoods)}
                {total(t('books.reports.grossProfit'), a.grossProfit)}
                {total(t('books.reports.totalOperatingExpenses'), a.operatingExpenses)}
                {total(t('books.reports.netProfit'), a.net)}
              </TableFooter>
            </Table>
          </Section>

          <Section title={t('books.reports.vehicles')}>
            {a.vehicles.length === 0 ? (
              <Typography
                sx={{
                  color: 'text.secondary',
                  px: 2,
                  pb: 2,
                }}
              >
                {t('books.reports.noVehicles')}
              </Typography>
            ) : (
              <Table size="small" aria-label={t('books.reports.vehicles')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('books.reports.vehicle')}</TableCell>
                    <TableCell align="right">{t('books.reports.trips')}</TableCell>
                    <TableCell align="right">{t('books.reports.miles')}</TableCell>
                    <TableCell align="right">{t('books.reports.deduction')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {a.vehicles.map((v) => (
                    <TableRow key={v.vehicleId}>
                      <TableCell component="th" scope="row">
                        {v.name}
                      </TableCell>
                      <TableCell align="right" sx={numeric}>
                        {v.trips}
                      </TableCell>
                      <TableCell align="right" sx={numeric}>
                        {miles.format(v.miles)}
                      </TableCell>
                      <TableCell align="right" sx={numeric}>
                        {money(v.deduction)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter sx={totalsFooter}>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>{t('books.reports.total')}</TableCell>
                    <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                      {a.vehicles.reduce((n, v) => n + v.trips, 0)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                      {miles.format(a.miles)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                      {money(a.mileageDeduction)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            )}
          </Section>

          <Section title={t('books.reports.workers')}>
            {a.workers.length === 0 ? (
              <Typography
                sx={{
                  color: 'text.secondary',
                  px: 2,
                  pb: 2,
                }}
              >
                {t('books.reports.noWorkers')}
              </Typography>
            ) : (
              <>
                <Table size="small" aria-label={t('books.reports.workers')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('books.reports.worker')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('books.reports.kind')}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {t('books.reports.payments')}
                      </TableCell>
                      <TableCell align="right">{t('books.reports.amount')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {a.workers.map((w) => (
                      <TableRow key={w.workerId}>
                        <TableCell component="th" scope="row">
                          <Stack
                            direction="row"
                            spacing={1}
                            useFlexGap
                            sx={{
                              alignItems: 'center',
                              flexWrap: 'wrap',
                            }}
                          >
                            <span>{w.name}</span>
                            {w.overThreshold && (
                              <Chip size="small" color="warning" label={t('books.reports.overThreshold', { amount: money(a.contractorThreshold) })} />
                            )}
                          </Stack>
                          {w.taxIdMasked && (
                            <Typography
                              variant="caption"
                              sx={{
                                color: 'text.secondary',
                              }}
                            >
                              {t('books.reports.taxId')} {w.taxIdMasked}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t(`books.workerKinds.${w.kind}`)}</TableCell>
                        <TableCell align="right" sx={{ ...numeric, display: { xs: 'none', sm: 'table-cell' } }}>
                          {w.payments}
                        </TableCell>
                        <TableCell align="right" sx={numeric}>
                          {money(w.amount)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <Typography
                  variant="body2"
                  sx={{
                    color: 'text.secondary',
                    p: 2,
                  }}
                >
                  {t('books.reports.thresholdNote', { amount: money(a.contractorThreshold), year })}
                </Typography>
              </>
            )}
          </Section>

          <Section title={t('books.reports.yearEnd')}>
            <Box sx={{ px: 2, pb: 2 }} data-print="hide">
              <Typography
                variant="body2"
                sx={{
                  color: 'text.secondary',
                  mb: 1.5,
                }}
              >
                {t('books.reports.yearEndText')}
              </Typography>
              <JobPanel kind="year_end" year={year} start={() => startYearEnd(year)} startLabel={t('books.reports.yearEndStart', { year })} />
            </Box>
          </Section>

          <Section title={t('books.reports.seTax')}>
            <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
              {t('books.reports.seNote')}
            </Alert>
            <Table size="small" aria-label={t('books.reports.seTax')}>
              <TableBody>
                {(
                  [
                    ['netProfit', a.net],
                    ['netEarnings', a.selfEmploymentTax.netEarnings],
                    ['wageBase', a.selfEmploymentTax.socialSecurityWageBase],
                    ['socialSecurity', a.selfEmploymentTax.socialSecurity],
                    ['medicare', a.selfEmploymentTax.medicare],
                  ] as const
                ).map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row">
                      {t(`books.reports.${key}`)}
                    </TableCell>
                    <TableCell align="right" sx={numeric}>
                      {money(value)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter sx={totalsFooter}>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('books.reports.seTax')}</TableCell>
                  <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                    {money(a.selfEmploymentTax.total)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </Section>
        </Stack>
      )}
    </Box>
  );
}
