import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, Stack, TextField, Typography } from '@mui/material';
import { JobPanel } from '@/components/job-panel';
import { applyServerErrors } from '@/lib/forms';
import { deleteAccount, startAccountExport } from '@/lib/jobs';
import { session } from '@/lib/session';

/** Export of everything the owner keeps (a job on the server), and deleting the account, confirmed with the password. */
export function DataSection() {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('settings.data.exportTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('settings.data.exportText')}
        </Typography>
        <JobPanel kind="account_export" start={startAccountExport} startLabel={t('settings.data.exportStart')} />
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('settings.data.deleteTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('settings.data.deleteText')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
          {t('settings.data.deleteButton')}
        </Button>
      </Box>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </Stack>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const schema = useMemo(() => z.object({ password: z.string().check(z.minLength(1, t('settings.data.passwordRequired'))) }), [t]);
  const { control, handleSubmit, setError, formState } = useForm<{ password: string }>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const submit = handleSubmit(async ({ password }) => {
    setFormError(undefined);
    try {
      await deleteAccount(password);
      // The account is gone, and with it every session: back to the start.
      session.clear();
      window.location.assign('/sign-in');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['password']));
    }
  });
  return (
    <Dialog open onClose={formState.isSubmitting ? undefined : onClose} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="delete-account-title">{t('settings.data.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('settings.data.deleteConfirm')}</DialogContentText>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Controller
            name="password"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                type="password"
                label={t('settings.data.password')}
                autoComplete="current-password"
                autoFocus
                fullWidth
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('settings.data.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={formState.isSubmitting}>
            {t('settings.data.deleteNow')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
