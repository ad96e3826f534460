import { z } from 'zod/mini';
import { api, ApiError } from './api';
import { tokenExpiringIn } from '@/test/token';
import { session } from './session';

const answer = (status: number, body: unknown) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('api', () => {
  const reload = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    reload.mockReset();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and parses the answer with the contract', async () => {
    session.set(tokenExpiringIn(3600));
    const fetchMock = answer(200, { ok: 'yes', extra: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const res = await api('common/thing', { query: { page: 2, search: '' }, schema: z.object({ ok: z.string() }) });
    expect(res).toEqual({ ok: 'yes' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/common/thing?page=2');
    expect(init.headers.authorization).toMatch(/^Bearer /);
  });

  it('names the language the interface shows, so the server answers in it; none before one is chosen', async () => {
    const sent: Record<string, string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(init.headers as Record<string, string>);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await api('categories');
    localStorage.setItem('language', 'tr');
    await api('categories');
    localStorage.setItem('language', 'xx');
    await api('categories');
    expect(sent.map((h) => h['x-language'])).toEqual([undefined, 'tr', undefined]);
  });

  it('sends no token once it has expired, and forgets it', async () => {
    session.set(tokenExpiringIn(-10));
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await api('health');
    expect(fetchMock.mock.calls[0]![1].headers.authorization).toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('throws ApiError with the server code and the fields at fault', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { statusCode: 400, code: 'VALIDATION', message: 'Invalid body', details: [{ path: 'email', message: 'Enter a valid email address' }] }),
    );
    const err = await api('auth/sign-up', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('VALIDATION');
    expect((err as ApiError).field('email')).toBe('Enter a valid email address');
  });

  it('signs out and reloads on a 401 to a call made with a token', async () => {
    session.set(tokenExpiringIn(3600));
    vi.stubGlobal('fetch', answer(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid token' }));
    await expect(api('common/user')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on wrong credentials (unlock-session), and on a 401 without a token', async () => {
    session.set(tokenExpiringIn(3600));
    vi.stubGlobal('fetch', answer(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' }));
    await expect(api('auth/unlock-session', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(localStorage.getItem('accessToken')).not.toBeNull();
    session.clear();
    vi.stubGlobal('fetch', answer(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' }));
    await expect(api('auth/sign-in', { method: 'POST', body: {} })).rejects.toMatchObject({ statusCode: 401 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('turns a lost connection into a NETWORK error in words', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('health')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
