import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ProjectDashboard, ProjectExpenses, ProjectPeriod, ProjectScheduleItem } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { ReportCard, ReportTable, numeric, negative, type ReportColumn } from '@/components/report-table/report-table';
import { dateFormat, numberFormat } from '@/lib/intl';
import { useMoney } from '@/lib/settings';
import { projectDashboardQuery } from '../api/project-api';

const IssuesChart = lazy(() => import('../components/project-charts').then((m) => ({ default: m.IssuesChart })));
const MoneyBars = lazy(() => import('../components/project-charts').then((m) => ({ default: m.MoneyBars })));

const cardTitle = { title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } } as const;
const TABS = ['home', 'budget', 'team'] as const;
type TabId = (typeof TABS)[number];
const COUNTS = ['new-issues', 'closed-issues', 'fixed', 'wont-fix', 're-opened', 'needs-triage'] as const;

/** No task has been touched in the two weeks, none is due, and no tag is used: the home tab has nothing to show. */
const noTasks = (d: ProjectDashboard) =>
  d.taskDistribution.labels.length === 0 &&
  d.schedule.today.length + d.schedule.tomorrow.length === 0 &&
  COUNTS.every((k) => d.githubIssues.overview['this-week'][k] === 0 && d.githubIssues.overview['last-week'][k] === 0);

/** /dashboards/project: the owner's week of tasks, schedule, expenses, budgets and team (spec 001 §3 Project), from their own data. */
export default function ProjectDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useQuery(projectDashboardQuery);
  const [tab, setTab] = useState<TabId>('home');
  const id = useId();
  return (
    <Box>
      <PageHeader title={t('project.title')} subtitle={t('project.subtitle')} />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <Tabs value={tab} onChange={(_e, v: TabId) => setTab(v)} variant="fullWidth" aria-label={t('project.tabsLabel')}>
          {TABS.map((k) => (
            <Tab key={k} value={k} label={t(`project.tabs.${k}`)} id={`${id}-tab-${k}`} aria-controls={`${id}-panel-${k}`} />
          ))}
        </Tabs>
      </Card>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        <QueryView query={dashboard}>{(d) => (tab === 'home' ? <HomeTab d={d} /> : tab === 'budget' ? <BudgetTab d={d} /> : <TeamTab d={d} />)}</QueryView>
      </Box>
    </Box>
  );
}

function HomeTab({ d }: { d: ProjectDashboard }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<ProjectPeriod>('this-week');
  if (noTasks(d))
    return (
      <Card variant="outlined">
        <EmptyState
          icon="heroicons_outline:clipboard-document-check"
          title={t('project.home.emptyTitle')}
          text={t('project.home.emptyText')}
          action={
            <Button component={RouterLink} to="/apps/tasks" variant="contained">
              {t('project.home.toTasks')}
            </Button>
          }
        />
      </Card>
    );
  const weekday = dateFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2024 was a Monday: the server's Mon … Sun in the reader's language.
  const days = d.githubIssues.labels.map((_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i))));
  const series = d.githubIssues.series[period];
  const counts = d.githubIssues.overview[period];
  const dist = d.taskDistribution;
  const distMax = Math.max(1, ...dist.series[period]);
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardHeader
          title={t('project.issues.title')}
          slotProps={cardTitle}
          action={
            <ToggleButtonGroup
              size="small"
              exclusive
              value={period}
              onChange={(_e, v: ProjectPeriod | null) => v && setPeriod(v)}
              aria-label={t('project.issues.period')}
            >
              <ToggleButton value="this-week">{t('project.thisWeek')}</ToggleButton>
              <ToggleButton value="last-week">{t('project.lastWeek')}</ToggleButton>
            </ToggleButtonGroup>
          }
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' }, gap: 1.5, m: 0, mb: 2 }}
          >
            {COUNTS.map((k) => (
              <Box key={k} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`project.issues.counts.${k}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }}>
                  {counts[k]}
                </Typography>
              </Box>
            ))}
          </Box>
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <IssuesChart labels={days} made={series[0]?.data ?? []} closed={series[1]?.data ?? []} />
          </Suspense>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('project.issues.legend')}
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card variant="outlined">
          <CardHeader
            title={t('project.distribution.title')}
            subheader={t('project.distribution.overview', { new: dist.overview[period].new, completed: dist.overview[period].completed })}
            slotProps={cardTitle}
          />
          <CardContent sx={{ pt: 0 }}>
            {dist.labels.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('project.distribution.none')}{' '}
                <Link component={RouterLink} to="/apps/tasks">
                  {t('project.home.toTasks')}
                </Link>
              </Typography>
            ) : (
              <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {dist.labels.map((label, i) => {
                  const n = dist.series[period][i] ?? 0;
                  return (
                    <Box component="li" key={`${label}-${i}`}>
                      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                          {label}
                        </Typography>
                        <Typography variant="body2" sx={numeric}>
                          {n}
                        </Typography>
                      </Stack>
                      <Box sx={{ mt: 0.5, height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
                        <Box sx={{ width: `${(n / distMax) * 100}%`, height: '100%', bgcolor: 'primary.main' }} />
                      </Box>
                    </Box>
                  );
                })}
              </Stack>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title={t('project.schedule.title')} slotProps={cardTitle} />
          <CardContent sx={{ pt: 0 }}>
            <ScheduleDay title={t('project.schedule.today')} items={d.schedule.today} />
            <ScheduleDay title={t('project.schedule.tomorrow')} items={d.schedule.tomorrow} />
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}

function ScheduleDay({ title, items }: { title: string; items: ProjectScheduleItem[] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ '& + &': { mt: 2 } }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ py: 1 }}>
          {t('project.schedule.nothing')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((x, i) => (
            <ListItem key={`${x.time}-${i}`} divider disableGutters>
              <ListItemText
                primary={x.title || t('project.schedule.untitled')}
                secondary={x.location ? `${x.time} · ${x.location}` : x.time}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

type BudgetRow = ProjectDashboard['budgetDetails']['rows'][number];

function BudgetTab({ d }: { d: ProjectDashboard }) {
  const { t, i18n } = useTranslation();
  const percent = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const columns: ReportColumn<BudgetRow>[] = [
    { id: 'type', header: t('project.budget.type'), cell: (r) => r.type },
    { id: 'total', header: t('project.budget.total'), money: (r) => r.total },
    { id: 'spent', header: t('project.budget.spent'), money: (r) => r.expensesAmount },
    { id: 'spentShare', header: t('project.budget.spentShare'), numeric: true, wide: true, cell: (r) => `${percent.format(r.expensesPercentage)} %` },
    { id: 'remaining', header: t('project.budget.remaining'), money: (r) => r.remainingAmount, loss: true },
    {
      id: 'remainingShare',
      header: t('project.budget.remainingShare'),
      numeric: true,
      wide: true,
      cell: (r) => <Box component="span" sx={r.remainingPercentage < 0 ? negative : undefined}>{`${percent.format(r.remainingPercentage)} %`}</Box>,
    },
  ];
  const none = d.budgetDetails.rows.length === 0;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <ExpensesCard title={t('project.expenses.weekly')} e={d.weeklyExpenses} />
        <ExpensesCard title={t('project.expenses.monthly')} e={d.monthlyExpenses} />
        <ExpensesCard title={t('project.expenses.yearly')} e={d.yearlyExpenses} />
      </Box>
      {none ? (
        <Card variant="outlined">
          <EmptyState
            icon="heroicons_outline:chart-pie"
            title={t('project.budget.emptyTitle')}
            text={t('project.budget.emptyText')}
            action={
              <Button component={RouterLink} to="/user/budgets" variant="contained">
                {t('project.budget.toBudgets')}
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <Card variant="outlined">
            <CardHeader title={t('project.budget.distribution')} slotProps={cardTitle} />
            <CardContent sx={{ pt: 0 }}>
              <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                <MoneyBars
                  horizontal
                  labels={d.budgetDistribution.categories}
                  data={d.budgetDistribution.series[0]?.data ?? []}
                  label={t('project.budget.distribution')}
                  height={Math.max(160, d.budgetDistribution.categories.length * 40)}
                />
              </Suspense>
            </CardContent>
          </Card>
          <ReportCard title={t('project.budget.details')}>
            <ReportTable
              label={t('project.budget.details')}
              columns={columns}
              rows={d.budgetDetails.rows.map((r) => ({ kind: 'line' as const, key: String(r.id), data: r }))}
              density="dense"
              framed={false}
            />
          </ReportCard>
        </>
      )}
    </Stack>
  );
}

function ExpensesCard({ title, e }: { title: string; e: ProjectExpenses }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const latest = e.labels[e.labels.length - 1] ?? '';
  return (
    <Card variant="outlined">
      <CardHeader title={title} subheader={latest} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>{money(e.amount)}</Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
          <MoneyBars labels={e.labels} data={e.series[0]?.data ?? []} label={t('project.expenses.chartLabel', { title })} height={120} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

function TeamTab({ d }: { d: ProjectDashboard }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {d.teamMembers.length === 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('project.team.alone')}{' '}
          <Link component={RouterLink} to="/apps/chat">
            {t('project.team.toChat')}
          </Link>
        </Typography>
      )}
      <Box
        component="ul"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, listStyle: 'none', p: 0, m: 0 }}
      >
        {d.teamMembers.map((m) => (
          <Card component="li" key={m.id} variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Avatar src={m.avatar ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
                  {initials(m.name)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {m.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {m.title}
                  </Typography>
                </Box>
              </Stack>
              <Stack spacing={0.5} sx={{ mt: 2 }}>
                <Detail icon="heroicons_outline:envelope">
                  <Link href={`mailto:${m.email}`} sx={{ overflowWrap: 'anywhere' }}>
                    {m.email}
                  </Link>
                </Detail>
                {m.phone && <Detail icon="heroicons_outline:phone">{m.phone}</Detail>}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}

function Detail({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ color: 'text.secondary', display: 'inline-flex' }}>
        <Icon name={icon} size={18} />
      </Box>
      <Typography variant="body2" component="span" sx={{ minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
