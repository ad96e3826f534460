import type { RouteObject } from 'react-router';
import { queryClient } from '@/lib/queries';
import type { RenderOptions } from '@/test/render';

/**
 * How the auth pages are rendered (with renderApp): inside StrictMode at the root as main.tsx does,
 * with the app's own query cache, which the pages write the signed-in user to, and a stand-in for
 * every route a page may navigate to.
 */
export const AS_IN_THE_APP = {
  strict: true,
  queryClient,
  routes: [{ path: '*', element: <p data-testid="landed" /> }] satisfies RouteObject[],
} satisfies RenderOptions;

/** Answers every API call with `answer` (status and JSON body), recording the calls. */
export function mockApi(answer: (url: string, body: unknown) => { status: number; body: unknown }) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const { status, body: answerBody } = answer(url, body);
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const apiError = (statusCode: number, code: string, message: string) => ({ status: statusCode, body: { statusCode, code, message } });
