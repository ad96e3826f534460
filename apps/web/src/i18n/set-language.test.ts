import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// The real module (src/test/setup.ts gives every other file a stand-in), its strings served by a stubbed fetch.
const real = await vi.importActual<typeof import('@/i18n')>('@/i18n');

describe('switching the language', () => {
  afterAll(() => real.default.changeLanguage('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    real.prepareLanguageSwitchWith(async () => undefined);
  });

  it('shows the new language only once the data is read again in it, and asks for it from the start', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify({ hello: url.includes('/tr/') ? 'Merhaba' : 'Hello' }), { status: 200 })),
    );
    await real.i18nReady;
    let release!: () => void;
    const asked: (string | null)[] = [];
    real.prepareLanguageSwitchWith(async (lang) => {
      // What the data reads will ask the server for (lib/api.ts reads the stored choice).
      asked.push(lang, localStorage.getItem('language'));
      await new Promise<void>((r) => (release = r));
    });

    const switching = real.setLanguage('tr');
    await vi.waitFor(() => expect(asked).toEqual(['tr', 'tr']), { timeout: 10_000 });
    // The data is still on its way: the interface stays in the old language.
    await new Promise((r) => setTimeout(r, 20));
    expect(real.default.language).toBe('en');
    release();
    await switching;
    expect(real.default.language).toBe('tr');
    expect(real.default.t('hello')).toBe('Merhaba');
    expect(document.documentElement.lang).toBe('tr');
  });

  it('a failed read does not keep the reader in the old language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await real.i18nReady;
    real.prepareLanguageSwitchWith(async () => {
      throw new Error('offline');
    });
    await real.setLanguage('es');
    expect(real.default.language).toBe('es');
  });
});
