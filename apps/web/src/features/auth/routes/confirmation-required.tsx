import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Box, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { ResendConfirmation } from '../components/resend-confirmation';

export default function ConfirmationRequired() {
  const { t } = useTranslation();
  const email = useSearchParams()[0].get('email')?.trim() || undefined;
  return (
    <AuthCard
      title={t('auth.confirmationRequired.title')}
      footer={
        <>
          {t('auth.confirmationRequired.confirmed')} <TextLink to="/sign-in">{t('auth.confirmationRequired.signInLink')}</TextLink>
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <Box sx={{ color: 'primary.main', mt: 0.25 }}>
          <Icon name="heroicons_outline:envelope" size={32} />
        </Box>
        <Box>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {email ? (
              <Trans i18nKey="auth.confirmationRequired.sentTo" values={{ email }} components={{ strong: <strong /> }} />
            ) : (
              t('auth.confirmationRequired.sent')
            )}
          </Typography>
          <Typography
            sx={{
              color: 'text.secondary',
              mt: 1.5,
            }}
          >
            {t('auth.confirmationRequired.followLink')}
          </Typography>
          <Typography
            sx={{
              color: 'text.secondary',
              mt: 1.5,
            }}
          >
            {t('auth.confirmationRequired.notArrived')}
          </Typography>
        </Box>
      </Box>
      <ResendConfirmation email={email} />
    </AuthCard>
  );
}
