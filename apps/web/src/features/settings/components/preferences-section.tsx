import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  ButtonBase,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useColorScheme,
} from '@mui/material';
import { LANGUAGES, LAYOUTS, SCHEMES, THEMES, type Preferences, type User } from '@cuadre/contracts';
import type { ApplyPreferences } from '@/lib/preferences';
import { PALETTES } from '@/lib/palettes';
import { currentUserQuery, updateCurrentUser } from '@/lib/queries';
import { Icon } from '@/components/icon';

const SCHEME_ICONS = {
  light: 'heroicons_outline:sun',
  dark: 'heroicons_outline:moon',
  auto: 'heroicons_outline:computer-desktop',
} as const;

function Field({ id, title, hint, children }: { id: string; title: string; hint: string; children: React.ReactNode }) {
  return (
    <Box role="group" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: 'text.secondary',
          mb: 1.5,
        }}
      >
        {hint}
      </Typography>
      {children}
    </Box>
  );
}

/** A preference chosen from a list, named by its field's title (`labelId`) for screen readers. */
function PreferenceSelect<T extends string>({
  labelId,
  value,
  options,
  label,
  onChange,
  optionsAreLanguages,
}: {
  labelId: string;
  /** Each option is a language code, named in that language (so it is marked with `lang`). */
  optionsAreLanguages?: boolean;
  value: T;
  options: readonly T[];
  label: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <TextField select size="small" value={value} onChange={(e) => onChange(e.target.value as T)} sx={{ minWidth: 220 }} slotProps={{ select: { labelId } }}>
      {options.map((o) => (
        <MenuItem key={o} value={o} lang={optionsAreLanguages ? o : undefined}>
          {label(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Language, scheme, theme, layout and whether a chat message is mailed when no tab is open. A change shows at once and is kept on the server, so it
 * follows the person to another device; if the server refuses, the screen goes back to what was saved.
 */
export function PreferencesSection({
  user,
  apply,
  onSaved,
  onError,
}: {
  user: User;
  apply: ApplyPreferences;
  onSaved: (text: string) => void;
  onError: (text: string) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (patch: Partial<Preferences>) => updateCurrentUser({ preferences: patch }),
    onMutate: (patch) => {
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, user.preferences[k as keyof Preferences]])) as Partial<Preferences>;
      apply(patch);
      // Shown right away, before the server answers, so the controls do not lag behind the screen.
      qc.setQueryData(currentUserQuery.queryKey, (u) => (u ? { ...u, preferences: { ...u.preferences, ...patch } } : u));
      return { before };
    },
    onSuccess: (u) => {
      qc.setQueryData(currentUserQuery.queryKey, u);
      onSaved(t('settings.preferences.saved'));
    },
    onError: (err, _patch, ctx) => {
      if (ctx) {
        apply(ctx.before);
        qc.setQueryData(currentUserQuery.queryKey, (u) => (u ? { ...u, preferences: { ...u.preferences, ...ctx.before } } : u));
      }
      onError(err.message);
    },
  });
  const prefs = user.preferences;
  // Swatches show each theme as it looks in the scheme on screen now.
  const shown = useColorScheme().colorScheme === 'dark' ? 'dark' : 'light';
  const change = (patch: Partial<Preferences>) => save.mutate(patch);

  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Field id="pref-language" title={t('settings.preferences.language')} hint={t('settings.preferences.languageHint')}>
        <PreferenceSelect
          labelId="pref-language"
          optionsAreLanguages
          value={prefs.language}
          options={LANGUAGES}
          label={(l) => t(`settings.preferences.languages.${l}`)}
          onChange={(language) => change({ language })}
        />
      </Field>

      <Field id="pref-scheme" title={t('settings.preferences.scheme')} hint={t('settings.preferences.schemeHint')}>
        <ToggleButtonGroup
          exclusive
          value={prefs.scheme}
          onChange={(_e, v: Preferences['scheme'] | null) => v && change({ scheme: v })}
          aria-labelledby="pref-scheme"
          size="small"
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {SCHEMES.map((s) => (
            <ToggleButton key={s} value={s} sx={{ flex: { xs: 1, sm: 'initial' }, px: { xs: 1, sm: 2 }, gap: 1, textTransform: 'none' }}>
              <Icon name={SCHEME_ICONS[s]} size={18} />
              {t(`settings.preferences.schemes.${s}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Field>

      <Field id="pref-theme" title={t('settings.preferences.theme')} hint={t('settings.preferences.themeHint')}>
        <Box
          role="radiogroup"
          aria-labelledby="pref-theme"
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } }}
        >
          {THEMES.map((th) => {
            const selected = prefs.theme === th;
            return (
              <ButtonBase
                key={th}
                role="radio"
                aria-checked={selected}
                onClick={() => !selected && change({ theme: th })}
                focusRipple
                sx={{
                  justifyContent: 'flex-start',
                  gap: 1.5,
                  p: 1.5,
                  borderRadius: 2,
                  border: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'action.selected' : 'transparent',
                  textAlign: 'left',
                }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    bgcolor: PALETTES[th][shown].primary,
                    flexShrink: 0,
                    boxShadow: 'inset 0 0 0 2px rgba(255,255,255,.35)',
                  }}
                />
                <Typography variant="body2" sx={{ fontWeight: selected ? 700 : 500 }}>
                  {t(`settings.preferences.themes.${th}`)}
                </Typography>
                {selected && (
                  <Box sx={{ ml: 'auto', color: 'primary.main', display: 'flex' }}>
                    <Icon name="heroicons_solid:check-circle" size={20} />
                  </Box>
                )}
              </ButtonBase>
            );
          })}
        </Box>
      </Field>

      <Field id="pref-layout" title={t('settings.preferences.layout')} hint={t('settings.preferences.layoutHint')}>
        <PreferenceSelect
          labelId="pref-layout"
          value={prefs.layout}
          options={LAYOUTS}
          label={(l) => t(`settings.preferences.layouts.${l}`)}
          onChange={(layout) => change({ layout })}
        />
      </Field>

      <Field id="pref-chat-mail" title={t('settings.preferences.chatMail')} hint={t('settings.preferences.chatMailHint')}>
        <FormControlLabel
          control={<Switch checked={prefs.chatMail === true} onChange={(e) => change({ chatMail: e.target.checked })} />}
          label={t('settings.preferences.chatMailLabel')}
        />
      </Field>
    </Stack>
  );
}
