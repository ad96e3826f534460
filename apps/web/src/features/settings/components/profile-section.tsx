import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Divider, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { USER_STATUSES, ZPersonName, type Presence, type User } from '@cuadre/contracts';
import { currentUserQuery, updateCurrentUser } from '@/lib/queries';
import { FormFooter, FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { PRESENCE_COLORS } from '@/lib/presence';
import { AvatarField } from './avatar-field';

interface ProfileValues {
  name: string;
}

function PresenceField({ user, onSaved, onError }: { user: User; onSaved: (text: string) => void; onError: (text: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (status: Presence) => updateCurrentUser({ status }),
    onSuccess: (u) => {
      qc.setQueryData(currentUserQuery.queryKey, u);
      onSaved(t('settings.presence.saved', { status: t(`settings.presence.${u.status}`) }));
    },
    onError: (err) => onError(err.message),
  });
  // While saving, the choice already shows, so the radio does not jump back and forth. It is set in the
  // click's own update (the mutation's pending state arrives a tick later, after React has put the
  // controlled radio back on the old value).
  const [chosen, setChosen] = useState<Presence | null>(null);
  const choose = (status: Presence) => {
    setChosen(status);
    save.mutate(status, { onSettled: () => setChosen(null) });
  };
  const value = chosen ?? user.status;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('settings.presence.title')}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: 'text.secondary',
          mb: 1,
        }}
      >
        {t('settings.presence.hint')}
      </Typography>
      <RadioGroup row value={value} onChange={(e) => choose(e.target.value as Presence)} name="presence">
        {USER_STATUSES.map((s) => (
          <FormControlLabel
            key={s}
            value={s}
            disabled={save.isPending}
            control={<Radio />}
            label={
              <Stack
                direction="row"
                spacing={1}
                sx={{
                  alignItems: 'center',
                }}
              >
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

/** The profile form's rules: the contract's own (the server checks the same). */
const ZProfileForm = z.object({ name: ZPersonName });

/** Name, avatar and presence (the business's name is in the business section). */
export function ProfileSection({ user, onSaved, onError }: { user: User; onSaved: (text: string) => void; onError: (text: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { form, onSubmit, formError, pending, leaveDialog } = useAppForm<ProfileValues>(ZProfileForm, {
    defaultValues: { name: user.name },
    submit: async (values) => {
      const u = await updateCurrentUser({ name: values.name });
      qc.setQueryData(currentUserQuery.queryKey, u);
      return u;
    },
    onSuccess: () => onSaved(t('settings.profile.saved')),
    fieldOf: (path) => path.replace(/^user\./, ''),
  });
  const { control, reset, formState } = form;
  // When the user changes elsewhere (the top bar, another tab), an untouched form follows; a form
  // being typed in is left alone (whether it is, is read when the user changes, not watched).
  const follow = useEffectEvent((name: string) => {
    if (!form.formState.isDirty) reset({ name });
  });
  useEffect(() => follow(user.name), [user.name]);

  return (
    <Stack spacing={3}>
      <AvatarField user={user} onSaved={onSaved} />
      <Divider />
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          {/* Read-only, not disabled: the address stays legible (4.5:1) and can be selected and copied. */}
          <TextField
            label={t('settings.profile.email')}
            value={user.email}
            helperText={t('settings.profile.emailHint')}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <FormTextField control={control} name="name" label={t('settings.profile.name')} required autoComplete="name" />
          <FormFooter formError={formError} pending={pending} disabled={!formState.isDirty} submitLabel={t('common.save')} />
        </Stack>
      </Box>
      {leaveDialog}
      <Divider />
      <PresenceField user={user} onSaved={onSaved} onError={onError} />
    </Stack>
  );
}
