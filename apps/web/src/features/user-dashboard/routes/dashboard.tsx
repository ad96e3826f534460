import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { currentUserQuery } from '@/lib/queries';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/page-states';
import { formatMoney } from '@/lib/format';
import { usePlans } from '@/lib/plans';

/** The books that arrive in the next releases; described, not linked, until their screens exist. */
const NEXT = [
  { id: 'income', icon: 'heroicons_outline:banknotes' },
  { id: 'expenses', icon: 'heroicons_outline:receipt-percent' },
  { id: 'workers', icon: 'heroicons_outline:user-group' },
  { id: 'providers', icon: 'heroicons_outline:building-storefront' },
  { id: 'vehicles', icon: 'heroicons_outline:truck' },
  { id: 'reports', icon: 'heroicons_outline:chart-pie' },
] as const;

const greetingKey = (hour: number) => (hour < 12 ? 'morning' : hour < 19 ? 'afternoon' : 'evening');

/** The owner's start page: who they are, their plan, and what Cuadre will hold for them. */
export default function UserDashboard() {
  const { t, i18n } = useTranslation();
  const user = useQuery(currentUserQuery);
  const plans = usePlans();

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState error={user.error} onRetry={() => user.refetch()} />;
  const me = user.data;
  const plan = plans.data?.items.find((p) => p.id === me.plan);
  const firstName = me.name.split(/\s+/)[0] ?? me.name;

  return (
    <Box>
      <PageHeader
        title={t(`userDashboard.greeting.${greetingKey(new Date().getHours())}`, { name: firstName })}
        subtitle={me.company ? t('userDashboard.subtitleCompany', { company: me.company }) : t('userDashboard.subtitle')}
      />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                {t('userDashboard.plan.title')}
              </Typography>
              {plans.isPending ? (
                <Typography color="text.secondary">{t('common.loading')}</Typography>
              ) : plans.isError ? (
                <ErrorState error={plans.error} onRetry={() => plans.refetch()} />
              ) : (
                <>
                  <Stack direction="row" spacing={1} alignItems="baseline" useFlexGap flexWrap="wrap">
                    <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                      {plan?.name ?? me.plan}
                    </Typography>
                    {plan && !plan.isFree && plan.priceCents > 0 && (
                      <Typography color="text.secondary">
                        {formatMoney(plan.priceCents, i18n.language)}{' '}
                        {t(plan.interval === 'year' ? 'userDashboard.plan.perYear' : 'userDashboard.plan.perMonth')}
                      </Typography>
                    )}
                  </Stack>
                  {plan && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {plan.description}
                    </Typography>
                  )}
                  {plan && plan.features.length > 0 && (
                    <List dense disablePadding sx={{ mt: 1 }}>
                      {plan.features.map((f) => (
                        <ListItem key={f} disableGutters>
                          <ListItemIcon sx={{ minWidth: 28, color: 'success.main' }}>
                            <Icon name="heroicons_mini:check" size={18} />
                          </ListItemIcon>
                          <ListItemText primary={f} />
                        </ListItem>
                      ))}
                    </List>
                  )}
                  <Button component={RouterLink} to="/user/pricing" size="small" sx={{ mt: 1, ml: '-5px' }}>
                    {t('userDashboard.plan.compare')}
                  </Button>
                </>
              )}
            </CardContent>
          </Card>

          <Card variant="outlined">
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                {t('userDashboard.account.title')}
              </Typography>
              <List disablePadding>
                <ListItem disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon name="heroicons_outline:user-circle" size={22} />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Button component={RouterLink} to="/usersettings" sx={{ p: 0, minWidth: 0, textTransform: 'none', fontWeight: 600 }}>
                        {t('userDashboard.account.profile')}
                      </Button>
                    }
                    secondary={t('userDashboard.account.profileText')}
                  />
                </ListItem>
                <ListItem disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon name="heroicons_outline:lock-closed" size={22} />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Button component={RouterLink} to="/usersettings?tab=security" sx={{ p: 0, minWidth: 0, textTransform: 'none', fontWeight: 600 }}>
                        {t('userDashboard.account.security')}
                      </Button>
                    }
                    secondary={t('userDashboard.account.securityText')}
                  />
                </ListItem>
                <ListItem disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon name="heroicons_outline:lifebuoy" size={22} />
                  </ListItemIcon>
                  <ListItemText
                    primary={<Typography sx={{ fontWeight: 600 }}>{t('userDashboard.account.help')}</Typography>}
                    secondary={t('userDashboard.account.helpText')}
                  />
                </ListItem>
              </List>
            </CardContent>
          </Card>
        </Stack>

        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {t('userDashboard.next.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('userDashboard.next.text')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
              {NEXT.map((n) => (
                <Box component="li" key={n.id} sx={{ display: 'flex', gap: 1.5, p: 2, borderRadius: 2, border: 1, borderColor: 'divider' }}>
                  <Box sx={{ color: 'primary.main', mt: 0.25 }}>
                    <Icon name={n.icon} size={24} />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
                      <Typography sx={{ fontWeight: 600 }}>{t(`userDashboard.next.items.${n.id}.title`)}</Typography>
                      <Chip size="small" variant="outlined" label={t('userDashboard.next.soon')} />
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {t(`userDashboard.next.items.${n.id}.text`)}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
