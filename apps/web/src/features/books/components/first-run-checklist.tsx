import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, LinearProgress, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { saveSettings, settingsQuery } from '@/lib/settings';
import { onboardingQuery } from '../api/books-api';

/** Where each step is done; the books' screens open on the month in view. */
const whereDone = (step: OnboardingStep, m: { year: number; search: string }): string =>
  ({
    business: '/usersettings?tab=business',
    income: `/user/dailyincomeregister?${m.search}`,
    expenseReceipt: `/user/dailyoperationalexpenses?${m.search}`,
    vehicle: '/user/vehicles',
    monthClosed: `/user/taxmonths?year=${m.year}`,
  })[step];

/**
 * A new owner's first steps on the hub, each ticked from their own records (the server's
 * `/api/onboarding`), each a link to where it is done. Gone once all are done, or put away (kept in
 * the preferences, so on every device).
 */
export function FirstRunChecklist({ month }: { month: { year: number; search: string } }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { failed, view } = useNotices();
  // The hub's loader has just read it on entering; it is read again when the books change.
  const onboarding = useQuery({ ...onboardingQuery, refetchOnMount: false });
  const dismiss = useMutation({
    mutationFn: () => saveSettings({ preferences: { onboardingDismissed: true } }),
    onSuccess: (settings) => {
      qc.setQueryData(settingsQuery.queryKey, settings);
      qc.setQueryData<Onboarding>(onboardingQuery.queryKey, (o) => (o ? { ...o, dismissed: true } : o));
    },
    onError: failed,
  });

  const data = onboarding.data;
  if (!data || data.dismissed) return view;
  const done = ONBOARDING_STEPS.filter((s) => data.steps[s]).length;
  if (done === ONBOARDING_STEPS.length) return view;

  return (
    <Card variant="outlined" component="section" aria-labelledby="first-run-title" sx={{ mb: 2 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            gap: 1,
          }}
        >
          <Typography variant="subtitle2" component="h2" id="first-run-title">
            {t('books.hub.checklist.title')}
          </Typography>
          <Typography
            variant="caption"
            sx={{
              color: 'text.secondary',
              flex: 1,
            }}
          >
            {t('books.hub.checklist.progress', { done, total: ONBOARDING_STEPS.length })}
          </Typography>
          <Button size="small" color="inherit" onClick={() => dismiss.mutate()} disabled={dismiss.isPending} sx={{ flexShrink: 0, my: -0.5 }}>
            {t('books.hub.checklist.dismiss')}
          </Button>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={(done / ONBOARDING_STEPS.length) * 100}
          aria-label={t('books.hub.checklist.progress', { done, total: ONBOARDING_STEPS.length })}
          sx={{ mt: 0.5, mb: 1, borderRadius: 1 }}
        />
        <List dense disablePadding sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
          {ONBOARDING_STEPS.map((step) => {
            const ok = data.steps[step];
            return (
              // On a phone the steps done leave the list (the count and the bar keep them), so the hub stays short.
              <ListItem key={step} disableGutters sx={{ py: 0.25, gap: 1, alignItems: 'center', display: ok ? { xs: 'none', sm: 'flex' } : 'flex' }}>
                <Box component="span" sx={{ display: 'inline-flex', color: ok ? 'success.main' : 'text.disabled', flexShrink: 0 }} aria-hidden>
                  <Icon name={ok ? 'heroicons_outline:check-circle' : 'heroicons_outline:minus-circle'} size={20} />
                </Box>
                {ok ? (
                  <Typography
                    variant="body2"
                    sx={{
                      color: 'text.secondary',
                      textDecoration: 'line-through',
                    }}
                  >
                    {t(`books.hub.checklist.steps.${step}`)}
                    <span style={visuallyHidden}> ({t('books.hub.checklist.done')})</span>
                  </Typography>
                ) : (
                  <Link component={RouterLink} to={whereDone(step, month)} variant="body2" underline="hover">
                    {t(`books.hub.checklist.steps.${step}`)}
                  </Link>
                )}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
      {view}
    </Card>
  );
}
