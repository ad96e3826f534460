import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { AdminStats, Plan } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { allOf, EmptyState, QueryView } from '@/components/page-states';
import { formatDate } from '@/lib/format';
import { downloadFile } from '@/lib/download';
import { useNotices } from '@/components/notice';
import { statsQuery } from '../api/admin-api';
import { usePlans } from '@/lib/plans';
import { PlanChip } from '../components/user-chips';
import { numberFormat } from '@/lib/intl';

const SignupsChart = lazy(() => import('../components/signups-chart'));

function StatCard({ icon, label, value, hint, to }: { icon: string; label: string; value: number; hint?: string; to?: string }) {
  const { i18n } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        {/* Two to a row on a phone: the icon goes above the figure to leave the label its width. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{
            alignItems: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: { xs: 36, sm: 44 },
              height: { xs: 36, sm: 44 },
              borderRadius: 2,
              bgcolor: 'action.hover',
              color: 'primary.main',
              flexShrink: 0,
            }}
          >
            <Icon name={icon} size={24} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
              }}
            >
              {label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {to ? (
                <Link component={RouterLink} to={to} underline="hover" color="inherit" aria-label={`${label}: ${value}`}>
                  {numberFormat(i18n.language).format(value)}
                </Link>
              ) : (
                numberFormat(i18n.language).format(value)
              )}
            </Typography>
            {hint && (
              <Typography
                variant="caption"
                sx={{
                  color: 'text.secondary',
                  display: 'block',
                  lineHeight: 1.3,
                }}
              >
                {hint}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A count per group with its share of the total, as a bar. */
function Breakdown({ rows, total }: { rows: { key: string; label: ReactNode; count: number }[]; total: number }) {
  const { i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const pct = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Stack spacing={1.5}>
      {rows.map((r) => {
        const share = total > 0 ? r.count / total : 0;
        return (
          <Box key={r.key}>
            <Stack
              direction="row"
              sx={{
                justifyContent: 'space-between',
                alignItems: 'center',
                mb: 0.5,
              }}
            >
              <Box>{r.label}</Box>
              <Typography variant="body2">
                <strong>{fmt.format(r.count)}</strong>{' '}
                <Typography
                  component="span"
                  variant="body2"
                  sx={{
                    color: 'text.secondary',
                  }}
                >
                  ({pct.format(share)})
                </Typography>
              </Typography>
            </Stack>
            <LinearProgress variant="determinate" value={share * 100} aria-hidden sx={{ height: 6, borderRadius: 3 }} />
          </Box>
        );
      })}
    </Stack>
  );
}

function Content({ stats, plans }: { stats: AdminStats; plans: Plan[] }) {
  const { t, i18n } = useTranslation();
  const months = stats.signupsPerMonth;
  const thisMonth = months[months.length - 1]?.count ?? 0;
  const lastYear = months.reduce((s, m) => s + m.count, 0);

  // Every plan on offer is listed, even with no one on it; a plan no longer offered still shows its people.
  const counted = new Map(stats.byPlan.map((p) => [p.plan, p.count]));
  const planRows = [
    ...plans.map((p) => ({ key: p.id, label: <PlanChip name={p.name} isFree={p.isFree} />, count: counted.get(p.id) ?? 0 })),
    ...stats.byPlan
      .filter((b) => !plans.some((p) => p.id === b.plan))
      .map((b) => ({ key: b.plan, label: <PlanChip name={b.plan} isFree={false} />, count: b.count })),
  ];
  const statusCounts = new Map(stats.byStatus.map((s) => [s.status, s.count]));
  const statusRows = (['active', 'disabled'] as const).map((s) => ({
    key: s,
    label: <Typography variant="body2">{t(`admin.statuses.${s}`)}</Typography>,
    count: statusCounts.get(s) ?? 0,
  }));
  const planName = (id: string) => plans.find((p) => p.id === id) ?? { name: id, isFree: id === 'free' };

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' } }}>
        <StatCard icon="heroicons_outline:users" label={t('admin.dashboard.totalUsers')} value={stats.totalUsers} />
        <StatCard
          icon="heroicons_outline:bolt"
          label={t('admin.dashboard.activeOwners')}
          value={stats.activeLast30Days}
          hint={t('admin.dashboard.activeOwnersHint')}
        />
        <StatCard icon="heroicons_outline:user-plus" label={t('admin.dashboard.signupsThisMonth')} value={thisMonth} />
        <StatCard icon="heroicons_outline:calendar" label={t('admin.dashboard.signupsYear')} value={lastYear} />
        <StatCard
          icon="heroicons_outline:lifebuoy"
          label={t('admin.support.openRequests')}
          value={stats.openSupportRequests}
          to="/support-requests?status=open"
        />
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Card variant="outlined">
          <CardHeader
            title={t('admin.dashboard.signupsPerMonth')}
            subheader={t('admin.dashboard.signupsPerMonthHint')}
            slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }}
          />
          <CardContent sx={{ pt: 0 }}>
            {lastYear === 0 ? (
              <EmptyState icon="heroicons_outline:chart-bar" title={t('admin.dashboard.noSignupsTitle')} text={t('admin.dashboard.noSignupsText')} />
            ) : (
              <Suspense fallback={<Skeleton variant="rounded" height={260} role="progressbar" aria-label={t('common.loading')} />}>
                <SignupsChart months={months} />
              </Suspense>
            )}
          </CardContent>
        </Card>
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardHeader title={t('admin.dashboard.byPlan')} slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }} />
            <CardContent sx={{ pt: 0 }}>
              <Breakdown rows={planRows} total={stats.totalUsers} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader title={t('admin.dashboard.byStatus')} slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }} />
            <CardContent sx={{ pt: 0 }}>
              <Breakdown rows={statusRows} total={stats.totalUsers} />
            </CardContent>
          </Card>
        </Stack>
      </Box>

      <Card variant="outlined">
        <CardHeader
          title={t('admin.dashboard.recentSignups')}
          slotProps={{ title: { variant: 'h6', component: 'h2', sx: { fontWeight: 700 } } }}
          action={
            <Button component={RouterLink} to="/users" size="small" endIcon={<Icon name="heroicons_outline:arrow-right" size={18} />}>
              {t('admin.dashboard.allUsers')}
            </Button>
          }
        />
        {stats.recentSignups.length === 0 ? (
          <EmptyState icon="heroicons_outline:user-plus" title={t('admin.dashboard.noRecentTitle')} text={t('admin.dashboard.noRecentText')} />
        ) : (
          <List disablePadding>
            {stats.recentSignups.map((u) => {
              const plan = planName(u.plan);
              return (
                <ListItem
                  key={u.id}
                  divider
                  secondaryAction={
                    <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                      <PlanChip name={plan.name} isFree={plan.isFree} />
                    </Box>
                  }
                >
                  <ListItemAvatar>
                    <Avatar src={u.avatar ?? undefined} alt="">
                      {u.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      // The users screen opens filtered on this person.
                      <Link component={RouterLink} to={`/users?search=${encodeURIComponent(u.email)}`} underline="hover" sx={{ fontWeight: 600 }}>
                        {u.name}
                      </Link>
                    }
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {u.email}
                        </Box>
                        <Box component="span" sx={{ display: 'block' }}>
                          {formatDate(u.createdAt, i18n.language)}
                          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                            {' '}
                            · {plan.name}
                          </Box>
                        </Box>
                      </>
                    }
                    sx={{ pr: { sm: 10 } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </Card>
    </Stack>
  );
}

/** A backup of the whole instance, streamed by the server (GET /api/admin/backup) and saved by the browser. */
function BackupButton() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile('/api/admin/backup', `cuadre-backup-${new Date().toISOString().slice(0, 10)}.tar.gz`);
      notices.done(t('admin.dashboard.backupDone'));
    } catch (err) {
      notices.failed(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => void download()}
        disabled={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <Icon name="heroicons_outline:arrow-down-tray" size={20} />}
      >
        {pending ? t('admin.dashboard.backupPending') : t('admin.dashboard.backup')}
      </Button>
      {notices.view}
    </>
  );
}

/** The administrator's overview: who uses Cuadre, on which plan, and how sign-ups go. */
export default function Dashboard() {
  const { t } = useTranslation();
  const stats = useQuery(statsQuery);
  const plans = usePlans();

  return (
    <Box>
      <PageHeader title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} actions={<BackupButton />} />
      <QueryView query={allOf(stats, plans)}>{([data, offer]) => <Content stats={data} plans={offer.items} />}</QueryView>
    </Box>
  );
}
