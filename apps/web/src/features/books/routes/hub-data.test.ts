import { RouterContextProvider } from 'react-router';
import { session } from '@/lib/session';
import { queryClient } from '@/lib/queries';
import { tokenExpiringIn } from '@/test/token';
import { closeOffered, hubLoader } from './hub-data';

const load = (href: string) =>
  hubLoader({ request: new Request(href), url: new URL(href), pattern: '/user/dashboard', params: {}, context: new RouterContextProvider() });
const requested = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([url]) => String(url)).sort();

describe('the hub’s loader', () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads nothing for a visitor (the shell sends them to sign-in)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await load('http://localhost/user/dashboard')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts the five reads at once, for the month in the address', async () => {
    session.set(tokenExpiringIn());
    const fetchMock = vi.fn().mockImplementation(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    void load('http://localhost/user/dashboard?year=2025&month=3');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5), { timeout: 10_000 });
    expect(requested(fetchMock)).toEqual([
      '/api/entries?sort=createdAt&order=desc&size=10',
      '/api/onboarding',
      '/api/reports/month-summary?year=2025&month=3',
      '/api/settings',
      '/api/tax-years/2025/months',
    ]);
  });

  it('lets the page through at once when the server is away: no retries held here, no error thrown', async () => {
    session.set(tokenExpiringIn());
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(load('http://localhost/user/dashboard')).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});

describe('closing a month from the hub', () => {
  const march = { to: '2026-03-31' };
  const TODAY = '2026-04-15';
  it('is offered for an open month from its last day on, with entries or trips', () => {
    expect(closeOffered(march, { closed: false, entries: 3, trips: 0 }, TODAY)).toBe(true);
    expect(closeOffered(march, { closed: false, entries: 3, trips: 0 }, '2026-03-31')).toBe(true);
    expect(closeOffered(march, { closed: false, entries: 0, trips: 1 }, TODAY)).toBe(true);
  });
  it("is not offered before the month's last day, for a month to come, an empty month or a closed one", () => {
    expect(closeOffered(march, { closed: false, entries: 3, trips: 0 }, '2026-03-30')).toBe(false);
    expect(closeOffered(march, { closed: false, entries: 3, trips: 0 }, '2026-02-10')).toBe(false);
    expect(closeOffered(march, { closed: false, entries: 0, trips: 0 }, TODAY)).toBe(false);
    expect(closeOffered(march, { closed: true, entries: 3, trips: 0 }, TODAY)).toBe(false);
    // Before the month's figures are known, nothing is offered.
    expect(closeOffered(march, undefined, TODAY)).toBe(false);
  });
});
