import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { Outcome } from '../components/outcome';

/** A purchase that did not go through: the plan is unchanged; try again or ask for help. */
export default function PurchaseError() {
  const { t } = useTranslation();
  return (
    <Outcome
      tone="error"
      icon="heroicons_outline:exclamation-triangle"
      title={t('billing.error.title')}
      actions={
        <Button component={RouterLink} to="/user/pricing" variant="contained" startIcon={<Icon name="heroicons_outline:arrow-path" size={18} />}>
          {t('billing.error.retry')}
        </Button>
      }
    >
      <Typography>{t('billing.error.text')}</Typography>
      <Typography sx={{ mt: 1.5 }}>{t('billing.error.help')}</Typography>
    </Outcome>
  );
}
