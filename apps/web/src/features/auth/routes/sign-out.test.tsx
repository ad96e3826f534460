import { act, screen } from '@testing-library/react';
import { currentUserQuery, queryClient } from '@/lib/queries';
import { session } from '@/lib/session';
import { apiError, mockApi, AS_IN_THE_APP } from '../test-utils';
import { renderApp } from '@/test/render';
import SignOut from './sign-out';
import { tokenExpiringIn } from '@/test/token';

vi.setConfig({ testTimeout: 15_000 });

const token = tokenExpiringIn();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
  queryClient.clear();
});

describe('sign-out', () => {
  it('forgets the session here even when the server fails, then counts down to sign-in', async () => {
    vi.useFakeTimers();
    session.set(token);
    queryClient.setQueryData(currentUserQuery.queryKey, { id: 'u1' } as never); // never: sign-out reads only the id
    const calls = mockApi(() => apiError(500, 'INTERNAL', 'Something went wrong'));
    const { router } = renderApp(<SignOut />, { ...AS_IN_THE_APP, path: '/sign-out', url: '/sign-out' });

    expect(screen.getByText('You have been signed out.')).toBeInTheDocument();
    expect(session.get()).toBeUndefined();
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toBeUndefined();
    // Once, although StrictMode runs the effect twice.
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/sign-out']);

    expect(screen.getByText('Taking you to the sign-in page in 5 seconds.')).toBeInTheDocument();
    for (let i = 0; i < 5; i++) await act(async () => void vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});
