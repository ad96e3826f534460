import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { LANGUAGES, ZSignUpBody, isTimeZone, type Language, type SignUpBody } from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';
import { useTrialDays } from '@/lib/trial';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { InlineLink, TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { PasswordStrength } from '../components/password-strength';
import { TextInput } from '../components/text-input';
import { errorText, fieldText } from '../lib/messages';

/** The form holds an unticked box; the contract only lets `true` through. */
type SignUpForm = Omit<SignUpBody, 'agreements'> & { agreements: boolean };

/** The page's language becomes the account's (and its mails'). */
const languageOf = (lang: string) => ((LANGUAGES as readonly string[]).includes(lang) ? { language: lang as Language } : {});
/** The browser's time zone becomes the account's: the day its recurring entries fall due. */
const timeZoneOf = () => {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone && isTimeZone(timeZone) ? { timeZone } : {};
};

export default function SignUp() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const trialDays = useTrialDays();
  // The resolver hands `submit` the contract's parsed body (the box ticked, so `true`).
  const { form, onSubmit, failure, pending, leaveDialog } = useAppForm<SignUpForm>(ZSignUpBody, {
    defaultValues: { name: '', email: '', password: '', company: '', agreements: false },
    submit: ({ company, ...rest }) =>
      authApi.signUp({ ...rest, agreements: true, ...(company ? { company } : {}), ...languageOf(i18n.language), ...timeZoneOf() }),
    onSuccess: (_, body) => void navigate(`/confirmation-required?email=${encodeURIComponent(body.email)}`),
  });
  const { register, watch } = form;
  const { errors } = form.formState;
  const agreementsError = fieldText(t, 'agreements', errors.agreements);
  // The ref goes to the <input>, so a failed submit can focus the box.
  const { ref: agreementsRef, ...agreements } = register('agreements');

  // Opened in a new tab, so reading them does not lose what was typed here.
  const legal = (to: string) => <InlineLink to={to} target="_blank" rel="noopener" />;

  return (
    <AuthCard
      title={t('auth.signUp.title')}
      subtitle={trialDays ? `${t('auth.signUp.trial', { count: trialDays })} ${t('auth.signUp.subtitle')}` : t('auth.signUp.subtitle')}
      footer={
        <>
          {t('auth.signUp.haveAccount')} <TextLink to="/sign-in">{t('auth.signUp.signInLink')}</TextLink>
        </>
      }
    >
      {failure !== undefined && <FormAlert severity="error">{errorText(t, failure)}</FormAlert>}
      {leaveDialog}

      <FormStack onSubmit={onSubmit}>
        <TextInput label={t('auth.fields.name')} autoComplete="name" autoFocus error={fieldText(t, 'name', errors.name)} {...register('name')} />
        <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" error={fieldText(t, 'email', errors.email)} {...register('email')} />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="new-password"
          error={fieldText(t, 'password', errors.password)}
          hint={<PasswordStrength password={watch('password')} />}
          {...register('password')}
        />
        <TextInput
          label={t('auth.fields.companyOptional')}
          autoComplete="organization"
          error={fieldText(t, 'company', errors.company)}
          {...register('company')}
        />
        <FormControl error={Boolean(agreementsError)}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={
              <Checkbox
                sx={{ mt: -0.75 }}
                {...agreements}
                slotProps={{ input: { ref: agreementsRef, 'aria-describedby': agreementsError ? 'agreements-help' : undefined } }}
              />
            }
            label={<Trans i18nKey="auth.signUp.agreements" components={{ terms: legal('/terms'), privacy: legal('/privacy') }} />}
          />
          {agreementsError && (
            <FormHelperText id="agreements-help" sx={{ ml: 4 }}>
              {agreementsError}
            </FormHelperText>
          )}
        </FormControl>
        <Button type="submit" variant="contained" size="large" fullWidth loading={pending} disabled={pending}>
          {t('auth.signUp.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
