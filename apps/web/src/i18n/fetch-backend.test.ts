import { fetchBackend } from './fetch-backend';

afterEach(() => vi.unstubAllGlobals());

/** What i18next hears back from one read: the error, and the data or the retry flag. */
function read(language: string) {
  return new Promise<[unknown, unknown]>((resolve) => {
    fetchBackend.read(language, 'translation', (err, data) => resolve([err, data]));
  });
}

describe('the translations backend', () => {
  it("reads /i18n/<lang>/start.json and hands i18next the language's strings", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ common: { retry: 'Reintentar' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read('es')).toEqual([null, { common: { retry: 'Reintentar' } }]);
    expect(fetchMock).toHaveBeenCalledWith('/i18n/es/start.json', expect.anything());
  });

  it('asks i18next to try again when the server is away or the network is, and not for a missing file', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    const [away, retryAway] = await read('tr');
    expect(away).toMatch(/503/);
    expect(retryAway).toBe(true);

    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await read('tr')).toEqual(['Failed to fetch', true]);

    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    const [missing, retryMissing] = await read('xx');
    expect(missing).toMatch(/404/);
    expect(retryMissing).toBe(false);
  });
});
