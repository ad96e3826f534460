import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Box, Button, Divider, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { USER_STATUSES, type Presence, type User } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { applyServerErrors } from '@/lib/forms';
import { updateMe } from '../api/settings-api';
import { PRESENCE_COLORS } from '@/lib/presence';
import { AvatarField } from './avatar-field';

interface ProfileValues {
  name: string;
  company: string;
}

function PresenceField({ user, onSaved, onError }: { user: User; onSaved: (text: string) => void; onError: (text: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (status: Presence) => updateMe({ status }),
    onSuccess: (u) => {
      qc.setQueryData(currentUserQuery.queryKey, u);
      onSaved(t('settings.presence.saved', { status: t(`settings.presence.${u.status}`) }));
    },
    onError: (err) => onError(err.message),
  });
  // While saving, the choice already shows, so the radio does not jump back and forth.
  const value = save.isPending && save.variables ? save.variables : user.status;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('settings.presence.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('settings.presence.hint')}
      </Typography>
      <RadioGroup row value={value} onChange={(e) => save.mutate(e.target.value as Presence)} name="presence">
        {USER_STATUSES.map((s) => (
          <FormControlLabel
            key={s}
            value={s}
            disabled={save.isPending}
            control={<Radio />}
            label={
              <Stack direction="row" spacing={1} alignItems="center">
                <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: PRESENCE_COLORS[s], flexShrink: 0 }} />
                <span>{t(`settings.presence.${s}`)}</span>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

/** Name, company, avatar and presence. */
export function ProfileSection({ user, onSaved, onError }: { user: User; onSaved: (text: string) => void; onError: (text: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string>();

  const schema = useMemo(
    () =>
      z.object({
        name: z.string().check(z.trim(), z.minLength(1, t('settings.profile.nameRequired')), z.maxLength(120, t('settings.tooLong', { max: 120 }))),
        company: z.string().check(z.trim(), z.maxLength(160, t('settings.tooLong', { max: 160 }))),
      }),
    [t],
  );
  const { control, handleSubmit, reset, setError, formState } = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, company: user.company ?? '' },
  });
  // When the user changes elsewhere (the top bar, another tab), an untouched form follows.
  useEffect(() => {
    if (!formState.isDirty) reset({ name: user.name, company: user.company ?? '' });
    // formState.isDirty is read, not watched: a save resets it itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above
  }, [user.name, user.company]);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const u = await updateMe({ name: values.name.trim(), company: values.company.trim() || null });
      qc.setQueryData(currentUserQuery.queryKey, u);
      reset({ name: u.name, company: u.company ?? '' });
      onSaved(t('settings.profile.saved'));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'company']));
    }
  });

  return (
    <Stack spacing={3}>
      <AvatarField user={user} onSaved={onSaved} />
      <Divider />
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {/* Read-only, not disabled: the address stays legible (4.5:1) and can be selected and copied. */}
          <TextField
            label={t('settings.profile.email')}
            value={user.email}
            helperText={t('settings.profile.emailHint')}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Controller
            name="name"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('settings.profile.name')}
                required
                autoComplete="name"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="company"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('settings.profile.company')}
                autoComplete="organization"
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? t('settings.profile.companyHint')}
              />
            )}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty}>
              {formState.isSubmitting ? t('common.loading') : t('common.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Divider />
      <PresenceField user={user} onSaved={onSaved} onError={onError} />
    </Stack>
  );
}
