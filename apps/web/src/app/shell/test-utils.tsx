import type { ReactNode } from 'react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language, User } from '@cuadre/contracts';
import { DEFAULT_PREFERENCES } from '@cuadre/contracts';
import commonEn from '@/i18n/locales/common/en.json';
import commonEs from '@/i18n/locales/common/es.json';
import commonTr from '@/i18n/locales/common/tr.json';
import navEn from '@/i18n/locales/nav/en.json';
import navEs from '@/i18n/locales/nav/es.json';
import navTr from '@/i18n/locales/nav/tr.json';
import shellEn from '@/i18n/locales/shell/en.json';
import shellEs from '@/i18n/locales/shell/es.json';
import shellTr from '@/i18n/locales/shell/tr.json';

/** An i18next instance with the shell's real translations, loaded synchronously for tests. */
export function testI18n(lng: Language = 'en'): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { translation: { ...commonEn, ...navEn, ...shellEn } },
      es: { translation: { ...commonEs, ...navEs, ...shellEs } },
      tr: { translation: { ...commonTr, ...navTr, ...shellTr } },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export const testUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'ana@example.com',
  name: 'Ana López',
  first_name: 'Ana',
  company: null,
  avatar: null,
  profile_img_url: null,
  status: 'online',
  role: 'admin',
  plan: 'pro',
  trialEndsAt: null,
  onTrial: false,
  accountStatus: 'active',
  emailConfirmed: true,
  preferences: DEFAULT_PREFERENCES,
  createdAt: '2026-01-02T10:00:00.000Z',
  ...over,
});

/** A query client whose cached data never goes stale, so a test decides every request the component makes. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } } });

export function Providers({ i18n, client, children }: { i18n: I18n; client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
