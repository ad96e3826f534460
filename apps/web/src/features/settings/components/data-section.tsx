import { useState } from 'react';
import { z } from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { ZDeleteAccountBody } from '@cuadre/contracts';
import { Box, Button, DialogContentText, Divider, Stack, Typography } from '@mui/material';
import { FormCodeField, FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { JobPanel } from '@/components/job-panel';
import { useQueryClient } from '@tanstack/react-query';
import { deleteAccount, jobsQuery, startAccountExport } from '@/lib/jobs';
import { session } from '@/lib/session';
import { codeOnField } from '../lib/mfa-errors';

/** Export of everything the owner keeps (a job on the server), and deleting the account, confirmed with the password. */
/** `mfa`: two-step sign-in is on, so deleting the account asks for the app's code too. */
export function DataSection({ mfa = false }: { mfa?: boolean }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
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
        <JobPanel
          kind="account_export"
          start={() => startAccountExport()}
          startLabel={t('settings.data.exportStart')}
          ask={mfa ? () => setExporting(true) : undefined}
        />
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
      {deleting && <DeleteAccountDialog mfa={mfa} onClose={() => setDeleting(false)} />}
      {exporting && <ExportCodeDialog onClose={() => setExporting(false)} />}
    </Stack>
  );
}

/** The password, and the authenticator's code when two-step sign-in is on (the server asks for it then). */
const ZDeleteForm = z.object({
  password: ZDeleteAccountBody.shape.password,
  code: z.string().check(z.refine((v: string) => v === '' || /^\d{6}$/.test(v.replace(/\s/g, '')), { params: { i18n: 'settings.mfa.codeInvalid' } })),
});

function DeleteAccountDialog({ onClose, mfa }: { onClose: () => void; mfa: boolean }) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ password: string; code: string }>
      open
      title={t('settings.data.deleteTitle')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZDeleteForm}
      defaultValues={{ password: '', code: '' }}
      submit={({ password, code }) => codeOnField(t, deleteAccount(password, mfa && code ? code.replace(/\s/g, '') : undefined))}
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
          {mfa && <FormCodeField control={form.control} name="code" fullWidth sx={{ mt: 2 }} />}
        </>
      )}
    </FormDialog>
  );
}

const ZCodeForm = z.object({
  code: z.string().check(z.refine((v: string) => /^\d{6}$/.test(v.replace(/\s/g, '')), { params: { i18n: 'settings.mfa.codeInvalid' } })),
});

/** Everything the account keeps is a backup of it: with two-step sign-in on, the server asks for the app's code to start it. */
function ExportCodeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <FormDialog<{ code: string }>
      open
      title={t('settings.data.exportTitle')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZCodeForm}
      defaultValues={{ code: '' }}
      submit={({ code }) => codeOnField(t, startAccountExport(code.replace(/\s/g, '')))}
      onSuccess={() => {
        void qc.invalidateQueries({ queryKey: jobsQuery.queryKey });
        onClose();
      }}
      submitLabel={t('settings.data.exportStart')}
      cancelLabel={t('settings.data.cancel')}
    >
      {({ form }) => <FormCodeField control={form.control} name="code" autoFocus fullWidth />}
    </FormDialog>
  );
}
