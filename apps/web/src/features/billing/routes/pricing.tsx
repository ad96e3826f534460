import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { FREE_PLAN } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { usePlans } from '@/lib/plans';
import { PlanCard } from '../components/plan-card';

/**
 * The plans on offer. A free-plan owner is sent here by the guard until they have a plan; this
 * install has no payment provider, so an administrator activates plans and the owner is told so.
 */
export default function Pricing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useQuery(currentUserQuery);
  const plans = usePlans();
  const [checking, setChecking] = useState(false);
  const [stillFree, setStillFree] = useState(false);
  const [checkError, setCheckError] = useState<string>();

  // Asks the server before leaving: if the plan is still free, the guard would only send the owner back.
  const continueToDashboard = async () => {
    setChecking(true);
    setStillFree(false);
    setCheckError(undefined);
    try {
      const fresh = await qc.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      if (fresh.plan === FREE_PLAN && fresh.role !== 'admin') setStillFree(true);
      else void navigate('/user/dashboard');
    } catch (err) {
      setCheckError(err instanceof Error ? err.message : String(err));
    } finally {
      setChecking(false);
    }
  };

  const error = user.error ?? plans.error;
  if (user.isPending || plans.isPending) return <LoadingState />;
  if (error || !user.data || !plans.data) {
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          if (user.isError) void user.refetch();
          if (plans.isError) void plans.refetch();
        }}
      />
    );
  }

  const me = user.data;
  const isFree = me.plan === FREE_PLAN && me.role !== 'admin';
  const { items, checkoutAvailable } = plans.data;

  return (
    <Box>
      <PageHeader
        title={t('billing.pricing.title')}
        subtitle={t('billing.pricing.subtitle')}
        actions={
          isFree ? undefined : (
            <Button component={RouterLink} to="/user/dashboard" variant="outlined">
              {t('billing.toDashboard')}
            </Button>
          )
        }
      />
      <Stack spacing={2} sx={{ mb: 3 }}>
        {isFree ? (
          <Alert severity="info" icon={<Icon name="heroicons_outline:information-circle" />}>
            <AlertTitle>{t('billing.pricing.freeTitle')}</AlertTitle>
            {t('billing.pricing.freeText')}
            {/* Without a payment provider there is nothing to buy here: the owner is told who can help. */}
            {!checkoutAvailable && <Box sx={{ mt: 1 }}>{t('billing.pricing.adminText', { email: me.email })}</Box>}
          </Alert>
        ) : (
          !checkoutAvailable && (
            <Alert severity="info" icon={<Icon name="heroicons_outline:user-circle" />}>
              <AlertTitle>{t('billing.pricing.adminTitle')}</AlertTitle>
              {t('billing.pricing.adminChange')}
            </Alert>
          )
        )}
        {stillFree && (
          <Alert severity="warning" role="alert" onClose={() => setStillFree(false)}>
            {t('billing.pricing.stillFree')}
          </Alert>
        )}
        {checkError && (
          <Alert severity="error" role="alert">
            {checkError}
          </Alert>
        )}
        {isFree && (
          <Box>
            <Button variant="contained" onClick={continueToDashboard} disabled={checking} endIcon={<Icon name="heroicons_outline:arrow-right" size={18} />}>
              {checking ? t('billing.pricing.checking') : t('billing.pricing.continue')}
            </Button>
          </Box>
        )}
      </Stack>

      {items.length === 0 ? (
        <EmptyState icon="heroicons_outline:credit-card" title={t('billing.pricing.emptyTitle')} text={t('billing.pricing.emptyText')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(items.length, 3)}, 1fr)` } }}>
          {items.map((p) => (
            <PlanCard key={p.id} plan={p} isCurrent={p.id === me.plan} />
          ))}
        </Box>
      )}
    </Box>
  );
}
