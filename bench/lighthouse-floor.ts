// The floor under issue 30's mobile budget (Lighthouse 90 on every signed-in screen): small apps with no
// Cuadre code, each showing a month's 50 rows, built with the web app's Vite and minifier settings
// (apps/web/vite.config.ts, its precompression too), served by the compiled server as `npm start` serves
// the app (WEB_DIST: precompressed assets, cached immutable, index.html no-cache, the same headers), and
// measured by Lighthouse exactly as lighthouse.ts measures a screen (lighthouse-lib.ts: mobile defaults,
// storage kept, the median of LH_RUNS). One library of the stack added per step (`lighthouse-floor/`;
// the entry is written per step and removed):
//   (a) React DOM rendering the 50 rows in plain HTML and CSS
//   (b) + React Router's data router (the rows from the route's loader) and i18next
//   (b2) (b) + MUI's CSS-variables theme and CssBaseline only (what MUI costs before it draws anything)
//   (c) + MUI with a CSS-variables theme: a frame (app bar, title, button, search field) and the rows
//       as MUI Table, Typography and Box with `sx`, as many screens draw them
//   (d) MUI for the frame, the 50 rows as a CSS module reading MUI's CSS variables
//   (e) (d) + TanStack Query (the loader fills the cache, the screen reads it) and react-hook-form with a
//       zod/mini schema on the search field, as Cuadre's forms validate (contractResolver)
//   (react), (mui) issue 43's two reference pages (lighthouse-refs.ts): a plain React page with a top bar
//       and a 50-row table, and the same drawn with MUI; lighthouse.ts measures them beside the screens
// Prints each step's score, TBT, LCP, gzipped JavaScript, the host's load and benchmarkIndex; asserts nothing.
//
//   npm run bench:lighthouse-floor -w @cuadre/bench     (LH_RUNS=5; LH_STEPS=a,c picks steps)
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { buildStale } from '../scripts/build.mjs';
import { precompressPlugin } from '../apps/web/compress-plugin.js';
import { startServer, stop } from './lib.js';
import { REFS } from './lighthouse-refs.js';
import { audit, launchChrome, medians, RUNS, summary, type Run } from './lighthouse-lib.js';

/** The month's rows, the same in every step (made in the page: no request, so only the stack is measured). */
const ROWS = `const ROWS = Array.from({ length: 50 }, (_, i) => ({
  id: String(i + 1),
  date: '2026-03-' + String(31 - Math.floor(i / 2)).padStart(2, '0'),
  description: (i % 3 === 2 ? 'Supplies ' : 'Sales ') + (i + 1),
  category: i % 3 === 2 ? 'Supplies' : 'Sales',
  method: i % 2 ? 'card' : 'cash',
  amount: (i % 3 === 2 ? -1 : 1) * (12000 + i * 731),
}));
type Row = (typeof ROWS)[number];
type T = (key: string) => string;
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });`;

const I18N = `import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { entries: 'Entries', date: 'Date', description: 'Description', method: 'Payment', amount: 'Amount', cash: 'Cash', card: 'Card', new: 'New entry', search: 'Search', menu: 'Menu' } } },
});`;

const PLAIN_LIST = `function List({ rows, t }: { rows: Row[]; t: T }) {
  return (
    <table className="list">
      <thead><tr><th>{t('date')}</th><th>{t('description')}</th><th>{t('method')}</th><th className="num">{t('amount')}</th></tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}><td>{r.date}</td><td>{r.description}<br /><small>{r.category}</small></td><td>{t(r.method)}</td><td className="num">{money.format(r.amount / 100)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}`;

const MUI = `import { AppBar, Box, Button, Container, CssBaseline, IconButton, Paper, SvgIcon, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Toolbar, Typography } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
// As apps/web's theme: both schemes as CSS variables switched by a class, system fonts.
const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', button: { textTransform: 'none', fontWeight: 600 } },
});
function Frame({ t, search, children }: { t: T; search: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <AppBar position="sticky" color="default" elevation={0}>
        <Toolbar>
          <IconButton edge="start" aria-label={t('menu')}><SvgIcon><path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" /></SvgIcon></IconButton>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1 }}>Floor</Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1">{t('entries')}</Typography>
          <Button variant="contained">{t('new')}</Button>
        </Box>
        {search}
        {children}
      </Container>
    </>
  );
}
const plainSearch = (t: T) => <TextField size="small" label={t('search')} fullWidth sx={{ mb: 2 }} />;`;

const MUI_LIST = `function List({ rows, t }: { rows: Row[]; t: T }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead><TableRow><TableCell>{t('date')}</TableCell><TableCell>{t('description')}</TableCell><TableCell>{t('method')}</TableCell><TableCell align="right">{t('amount')}</TableCell></TableRow></TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell><Typography variant="body2">{r.date}</Typography></TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                  <Typography variant="body2">{r.description}</Typography>
                  <Typography variant="caption" color="text.secondary">{r.category}</Typography>
                </Box>
              </TableCell>
              <TableCell><Typography variant="body2">{t(r.method)}</Typography></TableCell>
              <TableCell align="right">
                <Typography variant="body2" sx={{ color: r.amount < 0 ? 'error.main' : 'success.main', fontVariantNumeric: 'tabular-nums' }}>{money.format(r.amount / 100)}</Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}`;

const MODULE_LIST = `import styles from './rows.module.css';
function List({ rows, t }: { rows: Row[]; t: T }) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <table className={styles.table}>
        <thead><tr><th>{t('date')}</th><th>{t('description')}</th><th>{t('method')}</th><th className={styles.num}>{t('amount')}</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.date}</td>
              <td><span className={styles.main}>{r.description}</span><span className={styles.sub}>{r.category}</span></td>
              <td>{t(r.method)}</td>
              <td className={styles.num + ' ' + (r.amount < 0 ? styles.out : styles.in)}>{money.format(r.amount / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}`;

/** A router whose one route's loader gives the rows (`rows` is the loader's body). */
const router = (rows: string, screen: string) => `import { createBrowserRouter, RouterProvider, useLoaderData } from 'react-router';
const router = createBrowserRouter([{ path: '*', loader: ${rows}, Component: ${screen} }]);`;

const PLAIN_PAGE = `<main className="page"><h1>{t('entries')}</h1><List rows={rows} t={t} /></main>`;
const FRAMED_PAGE = `<Frame t={t} search={plainSearch(t)}><List rows={rows} t={t} /></Frame>`;
const THEMED = `<ThemeProvider theme={theme}><CssBaseline /><RouterProvider router={router} /></ThemeProvider>`;

/** A page of steps (b) to (d): `head`'s imports and setup, `list` drawing the loader's rows inside `page`, in MUI's theme or not. */
const routed = (o: { head: string; list: string; page: string; themed: boolean }) => `import { createRoot } from 'react-dom/client';
${o.head}
${ROWS}
${o.list}
function Screen() {
  const rows = useLoaderData() as Row[];
  const { t } = useTranslation();
  return ${o.page};
}
${router('() => ROWS', 'Screen')}
createRoot(document.getElementById('root')!).render(${o.themed ? THEMED : '<RouterProvider router={router} />'});`;

interface Step {
  id: 'a' | 'b' | 'b2' | 'c' | 'd' | 'e' | 'react' | 'mui';
  label: string;
  source: string;
}
const STEPS: Step[] = [
  {
    id: 'a',
    label: '(a) React DOM, 50 rows in plain HTML and CSS',
    source: `import { createRoot } from 'react-dom/client';
import './floor.css';
${ROWS}
${PLAIN_LIST}
const t: T = (key) => key;
createRoot(document.getElementById('root')!).render(<main className="page"><h1>Entries</h1><List rows={ROWS} t={t} /></main>);`,
  },
  {
    id: 'b',
    label: '(b) + React Router (data router) and i18next',
    source: routed({ head: `import './floor.css';\n${I18N}`, list: PLAIN_LIST, page: PLAIN_PAGE, themed: false }),
  },
  {
    id: 'b2',
    label: "(b2) (b) + MUI's theme and CssBaseline only, nothing drawn by MUI",
    source: routed({ head: `import './floor.css';\n${I18N}\n${MUI}`, list: PLAIN_LIST, page: PLAIN_PAGE, themed: true }),
  },
  {
    id: 'c',
    label: '(c) + MUI (CSS-variables theme), rows as Table/Typography/Box sx',
    source: routed({ head: `${I18N}\n${MUI}`, list: MUI_LIST, page: FRAMED_PAGE, themed: true }),
  },
  {
    id: 'd',
    label: '(d) MUI for the frame, the rows as a CSS module',
    source: routed({ head: `${I18N}\n${MUI}`, list: MODULE_LIST, page: FRAMED_PAGE, themed: true }),
  },
  {
    id: 'e',
    label: '(e) (d) + TanStack Query, react-hook-form and zod/mini',
    source: `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';
${I18N}
${MUI}
${ROWS}
${MODULE_LIST}
const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
const month = { queryKey: ['entries', '2026-03'], queryFn: async () => ROWS };
// As Cuadre's contractResolver: the schema's parse, each field's first issue as its error.
const Search = z.object({ search: z.string().check(z.maxLength(120)) });
const resolver: Resolver<{ search: string }> = async (values) => {
  const result = z.safeParse(Search, values);
  if (result.success) return { values: result.data, errors: {} };
  return { values: {}, errors: { search: { type: 'too_big', message: result.error.issues[0]!.message } } };
};
function SearchForm({ t }: { t: T }) {
  const form = useForm<{ search: string }>({ resolver, defaultValues: { search: '' } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)}>
      <TextField size="small" label={t('search')} fullWidth sx={{ mb: 2 }} {...form.register('search')} error={!!form.formState.errors.search} />
    </form>
  );
}
function Screen() {
  const { data: rows = [] } = useQuery(month);
  const { t } = useTranslation();
  return <Frame t={t} search={<SearchForm t={t} />}><List rows={rows} t={t} /></Frame>;
}
${router('() => client.ensureQueryData(month)', 'Screen')}
createRoot(document.getElementById('root')!).render(<QueryClientProvider client={client}>${THEMED}</QueryClientProvider>);`,
  },
  ...REFS.map((r) => ({ id: r.id, label: `(${r.id}) ${r.label}`, source: r.source })),
];

/** The entry as it stands, built as apps/web/vite.config.ts builds the app, into `outDir`. */
async function buildStep(outDir: string) {
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    // The web app's React plugin and precompression (.br and .gz beside each asset, sent as they are).
    plugins: [react(), precompressPlugin()],
    build: {
      outDir,
      target: 'es2022',
      sourcemap: false,
      minify: 'terser',
      terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
      modulePreload: { polyfill: false },
    },
  });
}

const wanted = process.env.LH_STEPS?.split(',').map((s) => s.trim());
const steps = wanted ? STEPS.filter((s) => wanted.includes(s.id)) : STEPS;
const root = path.resolve(import.meta.dirname, 'lighthouse-floor');
const entry = path.join(root, 'entry.tsx');
const PAGE = '/floor';

await buildStale(['server'], { log: () => {} });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-floor-'));
const profile = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-floor-profile-'));
const dists: string[] = [];
const chrome = await launchChrome(profile);
console.log(`Lighthouse mobile, median of ${RUNS} run(s) per step; load = the host's 1-minute load average (2 cores here), BI = Lighthouse's benchmarkIndex\n`);
const table: string[] = [];
try {
  // The browser's first Lighthouse run, uncounted: on a busy machine a fresh browser's first one now and
  // then ends with no navigation seen (NO_NAVSTART), which would leave the first step a run short.
  {
    writeFileSync(entry, STEPS[0]!.source);
    const outDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-floor-dist-'));
    dists.push(outDir);
    await buildStep(outDir);
    const { proc, url } = await startServer({ DATA_DIR: dataDir, WEB_DIST: outDir });
    try {
      await audit(chrome.port, url + PAGE);
    } finally {
      await stop(proc);
    }
  }
  for (const step of steps) {
    writeFileSync(entry, step.source);
    const outDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-floor-dist-'));
    dists.push(outDir);
    await buildStep(outDir);
    const assets = path.join(outDir, 'assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
    // The compiled server serving this build as `npm start` serves the app's (a fresh data folder, made once).
    const { proc, url } = await startServer({ DATA_DIR: dataDir, WEB_DIST: outDir });
    const runs: Run[] = [];
    try {
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, url + PAGE));
    } finally {
      await stop(proc);
    }
    console.log(`${step.label.padEnd(66)} ${summary(runs, PAGE)}  JS ${(js / 1024).toFixed(1)} KB`);
    const m = medians(runs);
    table.push(
      `| ${step.label} | ${m.score} | ${m.tbt.toFixed(0)} ms | ${(m.lcp / 1000).toFixed(2)} s | ${(js / 1024).toFixed(1)} KB | ${m.load.toFixed(1)} | ${m.benchmarkIndex.toFixed(0)} | ${runs.map((r) => r.error ?? r.score).join(' ')} |`,
    );
  }
  console.log(`\n| step | score | TBT | LCP | gzipped JS | load | BI | runs |\n|---|---|---|---|---|---|---|---|\n${table.join('\n')}`);
} finally {
  chrome.kill();
  rmSync(entry, { force: true });
  for (const d of [dataDir, profile, ...dists]) rmSync(d, { recursive: true, force: true });
}
