import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { LANGUAGES, ZSignUpBody, type Language, type SignUpBody } from '@cuadre/contracts';
import { applyServerErrors } from '@/lib/forms';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { InlineLink, TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { PasswordStrength } from '../components/password-strength';
import { TextInput } from '../components/text-input';
import { errorText, fieldText, isOnFields } from '../lib/messages';

/** The form holds an unticked box; the contract only lets `true` through. */
type SignUpForm = Omit<SignUpBody, 'agreements'> & { agreements: boolean };
const FIELDS = ['name', 'email', 'password', 'company', 'agreements'] as const;

/** The page's language becomes the account's (and its mails'). */
const languageOf = (lang: string) => ((LANGUAGES as readonly string[]).includes(lang) ? { language: lang as Language } : {});

export default function SignUp() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<SignUpForm, unknown, SignUpBody>({
    resolver: zodResolver(ZSignUpBody) as unknown as Resolver<SignUpForm, unknown, SignUpBody>,
    defaultValues: { name: '', email: '', password: '', company: '', agreements: false },
  });
  const signUp = useMutation({
    mutationFn: authApi.signUp,
    onSuccess: (_, body) => navigate(`/confirmation-required?email=${encodeURIComponent(body.email)}`),
    onError: (err) => applyServerErrors(err, setError, FIELDS),
  });
  const onSubmit = handleSubmit(({ company, ...rest }) => signUp.mutate({ ...rest, ...(company ? { company } : {}), ...languageOf(i18n.language) }));
  const agreementsError = fieldText(t, 'agreements', errors.agreements);
  // The ref goes to the <input>, so a failed submit can focus the box.
  const { ref: agreementsRef, ...agreements } = register('agreements');

  // Opened in a new tab, so reading them does not lose what was typed here.
  const legal = (to: string) => <InlineLink to={to} target="_blank" rel="noopener" />;

  return (
    <AuthCard
      title={t('auth.signUp.title')}
      subtitle={t('auth.signUp.subtitle')}
      footer={
        <>
          {t('auth.signUp.haveAccount')} <TextLink to="/sign-in">{t('auth.signUp.signInLink')}</TextLink>
        </>
      }
    >
      {signUp.error && !isOnFields(signUp.error, FIELDS) && <FormAlert severity="error">{errorText(t, signUp.error)}</FormAlert>}

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
                inputRef={agreementsRef}
                {...agreements}
                inputProps={{ 'aria-describedby': agreementsError ? 'agreements-help' : undefined }}
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
        <Button type="submit" variant="contained" size="large" fullWidth loading={signUp.isPending} disabled={signUp.isPending || signUp.isSuccess}>
          {t('auth.signUp.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
