import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { PASSWORD_MAX, PASSWORD_MIN } from '@cuadre/contracts';
import { applyServerErrors } from '@/lib/forms';
import { changePassword, sessionsQuery } from '../api/settings-api';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and again; a wrong current password is the server's to say, on that field. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);

  const schema = useMemo(
    () =>
      z
        .object({
          currentPassword: z.string().check(z.minLength(1, t('settings.password.currentRequired'))),
          newPassword: z
            .string()
            .check(
              z.minLength(PASSWORD_MIN, t('settings.password.min', { min: PASSWORD_MIN })),
              z.maxLength(PASSWORD_MAX, t('settings.tooLong', { max: PASSWORD_MAX })),
            ),
          confirmPassword: z.string().check(z.minLength(1, t('settings.password.confirmRequired'))),
        })
        .check(
          z.refine((v) => v.newPassword === v.confirmPassword, { message: t('settings.password.mismatch'), path: ['confirmPassword'] }),
          z.refine((v) => !v.currentPassword || v.newPassword !== v.currentPassword, { message: t('settings.password.same'), path: ['newPassword'] }),
        ),
    [t],
  );
  const { control, handleSubmit, reset, setError, formState } = useForm<PasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    setDone(false);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset(EMPTY);
      setDone(true);
      // The server ended every other session; the list below should say so.
      await qc.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['currentPassword', 'newPassword']));
    }
  });

  const field = (name: keyof PasswordValues, label: string, autoComplete: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          type="password"
          label={label}
          required
          autoComplete={autoComplete}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? (name === 'newPassword' ? t('settings.password.rules', { min: PASSWORD_MIN }) : undefined)}
          onChange={(e) => {
            setDone(false);
            f.onChange(e);
          }}
        />
      )}
    />
  );

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="password-title">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        {done && (
          <Alert severity="success" role="status">
            {t('settings.password.changed')}
          </Alert>
        )}
        {field('currentPassword', t('settings.password.current'), 'current-password')}
        {field('newPassword', t('settings.password.new'), 'new-password')}
        {field('confirmPassword', t('settings.password.confirm'), 'new-password')}
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('common.loading') : t('settings.password.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
