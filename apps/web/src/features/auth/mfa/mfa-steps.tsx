import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaChallenge, SignInResponse } from '@cuadre/contracts';
import { AuthCard } from '../components/auth-card';
import SecondStep from './second-step';

const SetupStep = lazy(() => import('./setup-step'));

export interface MfaStepsProps {
  /** The sign-in's answer: a code is asked for (`mfaRequired`), or an administrator must set it up first. */
  challenge: MfaChallenge;
  onSignedIn: (answer: SignInResponse) => void;
  onRestart: () => void;
}

/**
 * What the sign-in page shows after a right password when the account asks for more: loaded only
 * then (a chunk of its own), so the page's first load does not carry it.
 */
export default function MfaSteps({ challenge, ...step }: MfaStepsProps) {
  const { t } = useTranslation();
  const code = 'mfaRequired' in challenge;
  return (
    <AuthCard title={code ? t('auth.mfa.signInTitle') : t('auth.mfa.requiredTitle')}>
      {code ? <SecondStep mfaToken={challenge.mfaToken} {...step} /> : <SetupStep mfaToken={challenge.mfaToken} {...step} />}
    </AuthCard>
  );
}
