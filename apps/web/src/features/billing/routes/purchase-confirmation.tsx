import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from '@mui/material';
import { FREE_PLAN } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { allOf, QueryView } from '@/components/page-states';
import { usePlans } from '@/lib/plans';
import { Outcome } from '../components/outcome';

/** After a purchase: the plan the account is on now, read from the server rather than assumed. */
export default function PurchaseConfirmation() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQuery);
  const plans = usePlans();

  return (
    <QueryView query={allOf(user, plans)}>
      {([me, offer]) => {
        const plan = offer.items.find((p) => p.id === me.plan);
        const planName = plan?.name ?? me.plan;

        // No purchase shows on the account yet: say so, instead of congratulating on nothing.
        if (me.plan === FREE_PLAN) {
          return (
            <Outcome
              tone="info"
              icon="heroicons_outline:clock"
              title={t('billing.confirmation.pendingTitle')}
              actions={
                <Button component={RouterLink} to="/user/pricing" variant="contained">
                  {t('billing.backToPlans')}
                </Button>
              }
            >
              <Typography>{t('billing.confirmation.pendingText', { plan: planName })}</Typography>
            </Outcome>
          );
        }

        return (
          <Outcome
            tone="success"
            icon="heroicons_outline:check-circle"
            title={t('billing.confirmation.title')}
            actions={
              <>
                <Button component={RouterLink} to="/user/dashboard" variant="contained">
                  {t('billing.toDashboard')}
                </Button>
                <Button component={RouterLink} to="/user/pricing">
                  {t('billing.confirmation.seePlans')}
                </Button>
              </>
            }
          >
            <Typography>{t('billing.confirmation.text', { plan: planName })}</Typography>
            {plan && plan.features.length > 0 && (
              <Typography sx={{ mt: 1 }}>{t('billing.confirmation.includes', { features: plan.features.join(' · ') })}</Typography>
            )}
          </Outcome>
        );
      }}
    </QueryView>
  );
}
