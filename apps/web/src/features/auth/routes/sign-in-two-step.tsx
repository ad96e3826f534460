import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { MfaChallenge, SignInResponse } from '@cuadre/contracts';
import { startSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { safeRedirect } from '../lib/safe-redirect';
import SecondStep from '../mfa/second-step';

const SetupStep = lazy(() => import('../mfa/setup-step'));

/**
 * The sign-in's second step, after a right password when the account asks for more (router state:
 * the sign-in's answer): the app's code or a recovery code, or an administrator's required set-up.
 * A route of its own, so the sign-in page's first load does not carry it.
 */
export default function SignInTwoStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state, search } = useLocation() as { state: MfaChallenge | null; search: string };
  if (!state?.mfaToken) return <Navigate to={`/sign-in${search}`} replace />;
  const code = 'mfaRequired' in state;
  const step = {
    mfaToken: state.mfaToken,
    onSignedIn: (answer: SignInResponse) => {
      startSession(answer);
      void navigate(safeRedirect(params.get('redirectURL')), { replace: true });
    },
    onRestart: () => void navigate(`/sign-in${search}`, { replace: true }),
  };
  return (
    <AuthCard title={code ? t('auth.mfa.signInTitle') : t('auth.mfa.requiredTitle')}>{code ? <SecondStep {...step} /> : <SetupStep {...step} />}</AuthCard>
  );
}
