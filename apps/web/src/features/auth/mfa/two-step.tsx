import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { MfaChallenge, SignInResponse } from '@cuadre/contracts';
import { startSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { safeRedirect } from '../lib/safe-redirect';
import SecondStep from './second-step';
import { QueryProvider } from '@/lib/query-provider';

const SetupStep = lazy(() => import('./setup-step'));

/**
 * The sign-in's second step, after a right password when the account asks for more (`challenge`:
 * the sign-in's answer): the app's code or a recovery code, or an administrator's required set-up.
 * A chunk of its own, loaded only then, so the sign-in page's first load does not carry it.
 */
export default function TwoStep(props: { challenge: MfaChallenge; onRestart: () => void }) {
  // Its steps read and change through TanStack Query, which sign-in's first load does not hold (lib/query-provider.tsx).
  return (
    <QueryProvider>
      <Steps {...props} />
    </QueryProvider>
  );
}

function Steps({ challenge, onRestart }: { challenge: MfaChallenge; onRestart: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = 'mfaRequired' in challenge;
  const step = {
    mfaToken: challenge.mfaToken,
    onSignedIn: (answer: SignInResponse) => {
      startSession(answer);
      void navigate(safeRedirect(params.get('redirectURL')), { replace: true });
    },
    onRestart,
  };
  return (
    <AuthCard title={code ? t('auth.mfa.signInTitle') : t('auth.mfa.requiredTitle')}>{code ? <SecondStep {...step} /> : <SetupStep {...step} />}</AuthCard>
  );
}
