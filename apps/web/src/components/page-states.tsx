import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useErrorText } from '@/lib/error-text';
import { Icon } from './icon';

/** A list or page still loading. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      role="status"
      spacing={2}
      sx={{
        alignItems: 'center',
        justifyContent: 'center',
        py: 8,
      }}
    >
      <CircularProgress size={32} />
      <Typography
        sx={{
          color: 'text.secondary',
        }}
      >
        {label ?? t('common.loading')}
      </Typography>
    </Stack>
  );
}

/** A failed load, with the server's words and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = useErrorText(error);
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      <strong>{t('common.errorTitle')}.</strong> {message}
    </Alert>
  );
}

/** Nothing to show yet, and the action that fills it. */
export function EmptyState({ icon = 'heroicons_outline:inbox', title, text, action }: { icon?: string; title: string; text?: string; action?: ReactNode }) {
  return (
    <Stack
      spacing={1.5}
      sx={{
        alignItems: 'center',
        py: 8,
        px: 2,
        textAlign: 'center',
      }}
    >
      <Box sx={{ color: 'text.disabled' }}>
        <Icon name={icon} size={48} />
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text && (
        <Typography
          sx={{
            color: 'text.secondary',
            maxWidth: 420,
          }}
        >
          {text}
        </Typography>
      )}
      {action}
    </Stack>
  );
}
