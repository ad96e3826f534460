import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Box, Stack } from '@mui/material';
import { PASSWORD_MAX, PASSWORD_MIN } from '@cuadre/contracts';
import { FormFooter, FormCodeField, FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { changePassword, sessionsQuery } from '../api/settings-api';
import { codeOnField } from '../lib/mfa-errors';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** The authenticator's code, asked for when two-step sign-in is on. */
  code: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '', code: '' };

/** A rule of this form, told in the words its translation key names. */
const rule = <T,>(ok: (v: T) => boolean, i18n: string, values?: Record<string, unknown>, path?: string[]) =>
  z.refine<T>(ok, { params: { i18n, values }, ...(path ? { path } : {}) });

// The contract's lengths (the server checks the same, and also refuses common passwords).
const ZPasswordForm = z
  .object({
    currentPassword: z.string().check(rule((v: string) => v.length > 0, 'settings.password.currentRequired')),
    newPassword: z.string().check(
      rule((v: string) => v.length >= PASSWORD_MIN, 'settings.password.min', { min: PASSWORD_MIN }),
      rule((v: string) => v.length <= PASSWORD_MAX, 'settings.tooLong', { max: PASSWORD_MAX }),
    ),
    confirmPassword: z.string().check(rule((v: string) => v.length > 0, 'settings.password.confirmRequired')),
    code: z.string().check(rule((v: string) => v === '' || /^\d{6}$/.test(v.replace(/\s/g, '')), 'settings.mfa.codeInvalid')),
  })
  .check(
    rule((v: PasswordValues) => !v.confirmPassword || v.newPassword === v.confirmPassword, 'settings.password.mismatch', undefined, ['confirmPassword']),
    rule((v: PasswordValues) => !v.currentPassword || v.newPassword !== v.currentPassword, 'settings.password.same', undefined, ['newPassword']),
  );

/** Current, new and again; a wrong current password is the server's to say, on that field. */
/** `mfa`: two-step sign-in is on, so the app's code is asked for too. */
export function ChangePasswordForm({ mfa = false }: { mfa?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { form, onSubmit, formError, success, pending, leaveDialog } = useAppForm<PasswordValues>(ZPasswordForm, {
    defaultValues: EMPTY,
    submit: ({ currentPassword, newPassword, code }) =>
      codeOnField(t, changePassword({ currentPassword, newPassword, ...(mfa && code ? { code: code.replace(/\s/g, '') } : {}) })),
    successText: t('settings.password.changed'),
    onSuccess: () => {
      // Passwords are not kept on screen once changed.
      form.reset(EMPTY);
      // The server ended every other session; the list below should say so.
      void qc.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
  const { control } = form;

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="password-title">
      {leaveDialog}
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <FormTextField
          control={control}
          name="currentPassword"
          type="password"
          label={t('settings.password.current')}
          required
          autoComplete="current-password"
        />
        <FormTextField
          control={control}
          name="newPassword"
          type="password"
          label={t('settings.password.new')}
          required
          autoComplete="new-password"
          helperText={t('settings.password.rules', { min: PASSWORD_MIN })}
        />
        <FormTextField control={control} name="confirmPassword" type="password" label={t('settings.password.confirm')} required autoComplete="new-password" />
        {mfa && <FormCodeField control={control} name="code" required />}
        <FormFooter formError={formError} success={success} pending={pending} submitLabel={t('settings.password.submit')} />
      </Stack>
    </Box>
  );
}
