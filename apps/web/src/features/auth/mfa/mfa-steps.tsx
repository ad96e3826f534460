import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInResponse } from '@cuadre/contracts';
import { AuthCard } from '../components/auth-card';
import SecondStep from './second-step';

const SetupStep = lazy(() => import('./setup-step'));

export interface MfaStepsProps {
  /** `code`: the account has two-step sign-in on; `setup`: an administrator must set it up first. */
  kind: 'code' | 'setup';
  mfaToken: string;
  onSignedIn: (answer: SignInResponse) => void;
  onRestart: () => void;
}

/**
 * What the sign-in page shows after a right password when the account asks for more: loaded only
 * then (a chunk of its own), so the page's first load does not carry it.
 */
export default function MfaSteps({ kind, ...step }: MfaStepsProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={kind === 'code' ? t('auth.mfa.signInTitle') : t('auth.mfa.requiredTitle')}>
      {kind === 'code' ? <SecondStep {...step} /> : <SetupStep {...step} />}
    </AuthCard>
  );
}
