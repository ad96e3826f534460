import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/queries';
import { shellRedirect } from '../guards';

/**
 * Applies the shell's rules when the background re-check of the user answers: a plan or role changed
 * by an administrator takes effect while the page stays (the loader let the navigation through with
 * the user it knew).
 */
export function useShellGuard() {
  const { data: user } = useQuery({ ...currentUserQuery, enabled: false });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const to = user && shellRedirect(user, pathname);
    if (to) void navigate(to, { replace: true });
  }, [user, pathname, navigate]);
}
