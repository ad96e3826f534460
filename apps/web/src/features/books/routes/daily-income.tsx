import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { formatShortDate } from '@/lib/format';
import { useMoney } from '@/lib/settings';
import { monthSummaryQuery } from '../api/books-api';
import { EntryListPage } from '../components/entry-list-page';
import { useMonth } from '../lib/month';

/** user/dailyincome: the month's income, with its totals per day and per payment method. */
export default function DailyIncome() {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const m = useMonth();
  const summary = useQuery(monthSummaryQuery(m.year, m.month));
  const days = (summary.data?.daily ?? []).filter((d) => d.income > 0);
  return (
    <EntryListPage
      type="income"
      title={t('books.screens.dailyIncome')}
      subtitle={t('books.screens.dailyIncomeText')}
      actions={
        <Button
          component={RouterLink}
          to={`/user/dailyincomeregister?${m.search}`}
          variant="outlined"
          startIcon={<Icon name="heroicons_outline:queue-list" size={20} />}
        >
          {t('books.screens.dailyIncomeRegister')}
        </Button>
      }
    >
      {summary.data && summary.data.income > 0 && (
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="h2" gutterBottom>
                  {t('books.income.byMethod')}
                </Typography>
                <Stack spacing={0.5}>
                  {summary.data.incomeByMethod.map((r) => (
                    <Stack
                      key={r.paymentMethod}
                      direction="row"
                      sx={{
                        justifyContent: 'space-between',
                      }}
                    >
                      <span>
                        {t(`books.methods.${r.paymentMethod}`)}{' '}
                        <Typography
                          component="span"
                          variant="body2"
                          sx={{
                            color: 'text.secondary',
                          }}
                        >
                          ({r.count})
                        </Typography>
                      </span>
                      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {money(r.amount)}
                      </Box>
                    </Stack>
                  ))}
                  <Stack
                    direction="row"
                    sx={{
                      justifyContent: 'space-between',
                      borderTop: 1,
                      borderColor: 'divider',
                      pt: 0.5,
                      fontWeight: 700,
                    }}
                  >
                    <span>{t('books.totalLabel')}</span>
                    <span>{money(summary.data.income)}</span>
                  </Stack>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="h2" gutterBottom>
                  {t('books.income.byDay')}
                </Typography>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
                    columnGap: 2,
                    rowGap: 0.5,
                    maxHeight: 180,
                    overflow: 'auto',
                  }}
                  tabIndex={0}
                  aria-label={t('books.income.byDay')}
                >
                  {days.map((d) => (
                    <Stack
                      key={d.date}
                      direction="row"
                      spacing={1}
                      sx={{
                        justifyContent: 'space-between',
                      }}
                    >
                      <Typography
                        variant="body2"
                        sx={{
                          color: 'text.secondary',
                        }}
                      >
                        {formatShortDate(d.date, i18n.language)}
                      </Typography>
                      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {money(d.income)}
                      </Typography>
                    </Stack>
                  ))}
                </Box>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </EntryListPage>
  );
}
