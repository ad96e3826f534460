import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { FinanceDashboard as Dashboard, FinanceStatement } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { formatDate } from '@/lib/format';
import { numberFormat } from '@/lib/intl';
import { useMoney } from '@/lib/settings';
import { financeDashboardQuery } from '../api/finance-api';
import { usedShare } from '../lib/share';

const BalanceChart = lazy(() => import('../components/balance-chart'));

const cardTitle = { title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } } as const;

/** A new owner's dashboard has nothing to show: no entry, no budget, a zero balance. */
const isEmpty = (d: Dashboard) => d.recentTransactions.length === 0 && d.budget.expensesLimit === 0 && d.accountBalance.balance === 0;

/** /dashboards/finance: the owner's finances from the books (spec 001 §3 Finance): balance, budget, statements, latest entries. */
export default function FinanceDashboard() {
  const { t } = useTranslation();
  const dashboard = useQuery(financeDashboardQuery);
  const budgetsButton = (
    <Button component={RouterLink} to="/user/budgets" variant="outlined" startIcon={<Icon name="heroicons_outline:chart-pie" size={20} />}>
      {t('finance.budgets.title')}
    </Button>
  );
  return (
    <Box>
      <PageHeader
        title={t('finance.dashboard.title')}
        subtitle={t('finance.dashboard.subtitle')}
        actions={
          // The project dashboard is reached from here, as the budgets are (the hub's links stay two rows of three).
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              component={RouterLink}
              to="/dashboards/project"
              variant="outlined"
              startIcon={<Icon name="heroicons_outline:clipboard-document-check" size={20} />}
            >
              {t('project.title')}
            </Button>
            {budgetsButton}
          </Stack>
        }
      />
      <QueryView
        query={dashboard}
        isEmpty={isEmpty}
        empty={
          <EmptyState
            icon="heroicons_outline:presentation-chart-line"
            title={t('finance.dashboard.emptyTitle')}
            text={t('finance.dashboard.emptyText')}
            action={
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
                <Button component={RouterLink} to="/user/dashboard" variant="contained">
                  {t('finance.dashboard.toBooks')}
                </Button>
                {budgetsButton}
              </Stack>
            }
          />
        }
      >
        {(d) => <DashboardView d={d} />}
      </QueryView>
    </Box>
  );
}

function DashboardView({ d }: { d: Dashboard }) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const percent = numberFormat(i18n.language, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const b = d.budget;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Card variant="outlined">
          <CardHeader title={t('finance.dashboard.balance', { year: d.accountBalance.year })} slotProps={cardTitle} />
          <CardContent sx={{ pt: 0 }}>
            <Typography sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 700 }} color={d.accountBalance.balance < 0 ? 'error' : undefined}>
              {money(d.accountBalance.balance)}
            </Typography>
            <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Figure label={t('finance.dashboard.growRate')}>
                {d.accountBalance.growRate === null ? '—' : `${percent.format(d.accountBalance.growRate)} %`}
              </Figure>
              <Figure label={t('finance.dashboard.ami')}>{money(d.accountBalance.ami)}</Figure>
            </Stack>
            <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
              <BalanceChart points={d.accountBalance.series[0]?.data ?? []} />
            </Suspense>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title={t('finance.dashboard.budget')} slotProps={cardTitle} />
          <CardContent sx={{ pt: 0 }}>
            <Stack spacing={2.5}>
              <Bar label={t('finance.dashboard.expenses')} value={b.expenses} limit={b.expensesLimit} />
              <Bar label={t('finance.dashboard.bills')} value={b.bills} limit={b.billsLimit} />
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {t('finance.dashboard.savings')}
                </Typography>
                <Typography variant="h6" component="p" color={b.savings < 0 ? 'error' : undefined}>
                  {money(b.savings)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('finance.dashboard.savingsGoal', { amount: money(b.savingsGoal) })}
                </Typography>
              </Box>
              {b.expensesLimit === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('finance.dashboard.noBudgets')}{' '}
                  <Link component={RouterLink} to="/user/budgets">
                    {t('finance.budgets.new')}
                  </Link>
                </Typography>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Statement title={t('finance.dashboard.previousStatement')} s={d.previousStatement} />
        <Statement title={t('finance.dashboard.currentStatement')} s={d.currentStatement} />
      </Box>
      <Card variant="outlined">
        <CardHeader title={t('finance.dashboard.recent')} slotProps={cardTitle} />
        {d.recentTransactions.length === 0 ? (
          <EmptyState icon="heroicons_outline:banknotes" title={t('finance.dashboard.noRecentTitle')} text={t('finance.dashboard.noRecentText')} />
        ) : (
          <List disablePadding>
            {d.recentTransactions.map((x) => (
              <ListItem
                key={x.id}
                divider
                secondaryAction={
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} color={(x.amount ?? 0) < 0 ? 'error' : 'success.main'}>
                    {x.amount === undefined ? '—' : money(x.amount)}
                  </Typography>
                }
              >
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={x.link} underline="hover" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {x.name}
                    </Link>
                  }
                  secondary={
                    <>
                      {formatDate(x.date, i18n.language)} · {x.transactionId} ·{' '}
                      {x.status === 'completed' ? t('finance.dashboard.completed') : t('finance.dashboard.pending')}
                    </>
                  }
                  sx={{ pr: 14 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{children}</Typography>
    </Box>
  );
}

/** One budget line: what was spent this month against its limit, as a bar. */
function Bar({ label, value, limit }: { label: string; value: number; limit: number }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const share = usedShare(value, limit);
  const color = share >= 100 ? 'error' : share >= 80 ? 'warning' : 'primary';
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {limit > 0 ? t('finance.dashboard.ofLimit', { value: money(value), limit: money(limit) }) : money(value)}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={limit > 0 ? Math.min(share, 100) : 0}
        color={color}
        aria-label={limit > 0 ? t('finance.dashboard.barLabel', { label, share }) : label}
        sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

function Statement({ title, s }: { title: string; s: FinanceStatement }) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  return (
    <Card variant="outlined">
      <CardHeader
        title={title}
        subheader={t('finance.dashboard.statementDate', { date: formatDate(s.date, i18n.language) })}
        slotProps={cardTitle}
        action={
          <Chip
            size="small"
            color={s.status === 'paid' ? 'success' : 'default'}
            label={s.status === 'paid' ? t('finance.dashboard.paid') : t('finance.dashboard.open')}
          />
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
          <Figure label={t('finance.dashboard.spent')}>{money(s.spent)}</Figure>
          <Figure label={t('finance.dashboard.limit')}>{s.limit > 0 ? money(s.limit) : '—'}</Figure>
          <Figure label={t('finance.dashboard.minimum')}>{money(s.minimum)}</Figure>
        </Box>
      </CardContent>
    </Card>
  );
}
