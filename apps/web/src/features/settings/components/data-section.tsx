import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZDeleteAccountBody } from '@cuadre/contracts';
import { Box, Button, DialogContentText, Divider, Stack, Typography } from '@mui/material';
import { FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { JobPanel } from '@/components/job-panel';
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
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            mb: 1.5,
          }}
        >
          {t('settings.data.exportText')}
        </Typography>
        <JobPanel kind="account_export" start={startAccountExport} startLabel={t('settings.data.exportStart')} />
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('settings.data.deleteTitle')}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            mb: 1.5,
          }}
        >
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
  return (
    <FormDialog<{ password: string }>
      open
      title={t('settings.data.deleteTitle')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZDeleteAccountBody}
      defaultValues={{ password: '' }}
      submit={({ password }) => deleteAccount(password)}
      // The account is gone, and with it every session: back to the start.
      onSuccess={() => {
        session.clear();
        window.location.assign('/sign-in');
      }}
      submitLabel={t('settings.data.deleteNow')}
      cancelLabel={t('settings.data.cancel')}
      destructive
    >
      {({ form }) => (
        <>
          <DialogContentText>{t('settings.data.deleteConfirm')}</DialogContentText>
          <FormTextField
            control={form.control}
            name="password"
            type="password"
            label={t('settings.data.password')}
            autoComplete="current-password"
            autoFocus
            fullWidth
          />
        </>
      )}
    </FormDialog>
  );
}
