// The floor under the sign-in budget (docs/architecture.md, "Budgets": 200 KB of gzipped JavaScript): a sign-in form
// with no Cuadre code, built with the web app's minifier settings, one library of the stack added
// per step. Prints each step's gzipped JavaScript; asserts nothing.   npx tsx size-floor.ts
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Each step's imports and what it wraps around the form or puts in it; every step keeps the ones before. */
interface Step {
  id: 'react' | 'router' | 'mui' | 'i18n' | 'form' | 'query';
  label: string;
  imports: string;
  /** Code run before the render. */
  setup?: string;
  /** Wraps the app (`$` is what is inside). */
  wrap?: string;
  /** The form's fields and button, replacing the plain ones. */
  fields?: string;
  /** Inside the component, before it returns. */
  hooks?: string;
}
const STEPS: Step[] = [
  { id: 'react', label: 'React DOM, a plain form', imports: `import { createRoot } from 'react-dom/client';` },
  {
    id: 'router',
    label: '+ React Router (data router)',
    imports: `import { createBrowserRouter, RouterProvider } from 'react-router';`,
    wrap: `<RouterProvider router={createBrowserRouter([{ path: '*', Component: () => $ }])} />`,
  },
  {
    id: 'mui',
    label: '+ MUI, a CSS-variables theme, TextField and Button',
    imports: `import { Button, CssBaseline, TextField } from '@mui/material';\nimport { createTheme, ThemeProvider } from '@mui/material/styles';`,
    setup: `const theme = createTheme({ cssVariables: { colorSchemeSelector: 'class' }, colorSchemes: { light: true, dark: true } });`,
    wrap: `<ThemeProvider theme={theme}><CssBaseline />$</ThemeProvider>`,
    fields: `<TextField label={t('email')} {...reg('email')} /><TextField label={t('password')} type="password" {...reg('password')} /><Button type="submit" variant="contained">{t('signIn')}</Button>`,
  },
  {
    id: 'i18n',
    label: '+ i18next and react-i18next',
    imports: `import i18next from 'i18next';\nimport { initReactI18next, useTranslation } from 'react-i18next';`,
    setup: `await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { email: 'Email address', password: 'Password', signIn: 'Sign in' } } } });`,
    hooks: `const { t } = useTranslation();`,
  },
  {
    id: 'form',
    label: '+ react-hook-form with a zod schema',
    imports: `import { useForm } from 'react-hook-form';\nimport { z } from 'zod';`,
    setup: `const schema = z.object({ email: z.email(), password: z.string().min(8) });`,
    hooks: `const form = useForm<{ email: string; password: string }>(); const reg = form.register; const onSubmit = form.handleSubmit((v) => schema.safeParse(v).success && send(v));`,
  },
  {
    id: 'query',
    label: '+ TanStack Query',
    imports: `import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';`,
    setup: `const client = new QueryClient();`,
    wrap: `<QueryClientProvider client={client}>$</QueryClientProvider>`,
    hooks: `const mutation = useMutation({ mutationFn: post }); const send = mutation.mutate;`,
  },
];

/** The page at a step: a sign-in form with what the steps up to it bring. */
function source(steps: Step[]): string {
  const hooks = steps.map((s) => s.hooks ?? '').join('\n  ');
  const has = (id: Step['id']) => steps.some((s) => s.id === id);
  const fields =
    [...steps].reverse().find((s) => s.fields)?.fields ??
    `<input aria-label={t('email')} {...reg('email')} /><input aria-label={t('password')} type="password" {...reg('password')} /><button type="submit">{t('signIn')}</button>`;
  const app = steps.reduce((inner, s) => (s.wrap ? s.wrap.replace('$', inner) : inner), '<SignIn />');
  return `${steps.map((s) => s.imports).join('\n')}
const post = (v: unknown) => fetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify(v) });
${steps.map((s) => s.setup ?? '').join('\n')}
function SignIn() {
  ${has('i18n') ? '' : 'const t = (key: string) => key;'}
  ${has('query') ? '' : 'const send = post;'}
  ${hooks}
  ${has('form') ? '' : `const values: Record<string, string> = {}; const reg = (name: string) => ({ name, onChange: (e: { target: { value: string } }) => { values[name] = e.target.value; } }); const onSubmit = (e: { preventDefault(): void }) => { e.preventDefault(); send(values); };`}
  return <form onSubmit={onSubmit}>${fields}</form>;
}
createRoot(document.getElementById('root')!).render(${app});
`;
}

const root = path.resolve(import.meta.dirname, 'size-floor');
const entry = path.join(root, 'entry.tsx');
console.log('| step | gzipped JavaScript |\n|---|---|');
try {
  for (let i = 0; i < STEPS.length; i++) {
    writeFileSync(entry, source(STEPS.slice(0, i + 1)));
    const outDir = mkdtempSync(path.join(tmpdir(), 'cuadre-floor-'));
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [react()],
      build: {
        outDir,
        target: 'es2022',
        // As apps/web/vite.config.ts builds the app.
        minify: 'terser',
        terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
        modulePreload: { polyfill: false },
      },
    });
    const dir = path.join(outDir, 'assets');
    const bytes = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
    console.log(`| ${STEPS[i]!.label} | ${(bytes / 1024).toFixed(1)} KB |`);
    rmSync(outDir, { recursive: true, force: true });
  }
} finally {
  rmSync(entry, { force: true });
}
