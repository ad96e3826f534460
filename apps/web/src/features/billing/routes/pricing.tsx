import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { FREE_PLAN, type Plan, type PlanRequest, type User } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { allOf, EmptyState, ErrorState, QueryView } from '@/components/page-states';
import { usePlans } from '@/lib/plans';
import { planRequestQuery, requestPlan } from '../api/billing-api';
import { PlanCard } from '../components/plan-card';

/** Whether the plan that applies now keeps books: a paid plan, the trial of one, or an administrator. */
const keepsBooks = (u: User) => u.role === 'admin' || u.plan !== FREE_PLAN || u.onTrial;

/**
 * The plans on offer. A free-plan owner (the trial over) is sent here by the guard until they have a
 * plan; an owner in the trial reads its last day here. This install has no payment provider, so an
 * owner asks the administrators for a plan here and reads the answer here; an administrator activates it.
 */
export default function Pricing() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useQuery(currentUserQuery);
  const plans = usePlans();
  const isOwner = user.data?.role === 'user';
  const request = useQuery({ ...planRequestQuery, enabled: isOwner });
  const [checking, setChecking] = useState(false);
  const [stillFree, setStillFree] = useState(false);
  const [checkError, setCheckError] = useState<string>();
  const ask = useMutation({
    mutationFn: (planId: string) => requestPlan({ planId }),
    onSuccess: (made) => qc.setQueryData(planRequestQuery.queryKey, { request: made }),
  });
  const askError = useErrorText(ask.error);

  // Asks the server before leaving: if the plan is still free, the guard would only send the owner back.
  const continueToDashboard = async () => {
    setChecking(true);
    setStillFree(false);
    setCheckError(undefined);
    try {
      const fresh = await qc.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      if (keepsBooks(fresh)) void navigate('/user/dashboard');
      else {
        setStillFree(true);
        void request.refetch();
      }
    } catch (err) {
      setCheckError(err instanceof Error ? err.message : String(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <QueryView query={allOf(user, plans)}>
      {([me, offer]) => {
        const isFree = !keepsBooks(me);
        const { items, checkoutAvailable } = offer;
        const lastDay = me.trialEndsAt ? formatDate(me.trialEndsAt, i18n.language) : undefined;
        const waiting = request.data?.request?.status === 'pending';
        const planName = (id: string) => items.find((p) => p.id === id)?.name ?? id;
        // Without a payment provider an owner asks for a paid plan other than theirs, one request at a time.
        const canAsk = (p: Plan) => isOwner && !checkoutAvailable && !p.isFree && p.id !== me.plan && request.isSuccess && !waiting;

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
              {me.onTrial && lastDay ? (
                <Alert severity="info" icon={<Icon name="heroicons_outline:clock" />}>
                  <AlertTitle>{t('billing.pricing.trialTitle', { date: lastDay })}</AlertTitle>
                  {t('billing.pricing.trialText')}
                </Alert>
              ) : isFree ? (
                <Alert severity="info" icon={<Icon name="heroicons_outline:information-circle" />}>
                  <AlertTitle>{t('billing.pricing.freeTitle')}</AlertTitle>
                  {lastDay && <Box sx={{ mb: 1 }}>{t('billing.pricing.trialEnded', { date: lastDay })}</Box>}
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
              {request.data?.request && <RequestState request={request.data.request} planName={planName(request.data.request.planId)} />}
              {request.isError && <ErrorState error={request.error} onRetry={() => void request.refetch()} />}
              {ask.isError && (
                <Alert severity="error" role="alert">
                  {askError}
                </Alert>
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
                  <Button
                    variant="contained"
                    onClick={continueToDashboard}
                    disabled={checking}
                    endIcon={<Icon name="heroicons_outline:arrow-right" size={18} />}
                  >
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
                  <PlanCard
                    key={p.id}
                    plan={p}
                    isCurrent={p.id === me.plan}
                    action={
                      canAsk(p) ? (
                        <Button variant={isFree || me.onTrial ? 'contained' : 'outlined'} fullWidth disabled={ask.isPending} onClick={() => ask.mutate(p.id)}>
                          {ask.isPending && ask.variables === p.id ? t('billing.request.sending') : t('billing.request.ask', { plan: p.name })}
                        </Button>
                      ) : undefined
                    }
                  />
                ))}
              </Box>
            )}
          </Box>
        );
      }}
    </QueryView>
  );
}

/** The owner's newest plan request: waiting, answered (with the answer) or closed. */
function RequestState({ request, planName }: { request: PlanRequest; planName: string }) {
  const { t, i18n } = useTranslation();
  const sent = formatDate(request.createdAt, i18n.language);
  if (request.status === 'pending') {
    return (
      <Alert severity="info" icon={<Icon name="heroicons_outline:paper-airplane" />}>
        <AlertTitle>{t('billing.request.pendingTitle', { plan: planName })}</AlertTitle>
        {t('billing.request.pendingText', { date: sent })}
      </Alert>
    );
  }
  return (
    <Alert severity={request.status === 'answered' ? 'success' : 'info'} icon={<Icon name="heroicons_outline:chat-bubble-left-right" />}>
      <AlertTitle>
        {t(request.status === 'answered' ? 'billing.request.answeredTitle' : 'billing.request.closedTitle', { plan: planName, date: sent })}
      </AlertTitle>
      {/* The administrator's words, as text. */}
      {request.answer && <Box sx={{ whiteSpace: 'pre-wrap' }}>{request.answer}</Box>}
    </Alert>
  );
}
