// The two reference pages of issue 43, built from this repository's node_modules with the web app's Vite
// and minifier settings: a plain React page drawing a top bar and a 50-row table, and the same drawn with
// MUI (ThemeProvider, CssBaseline, AppBar, Table with 50 TableRows). lighthouse-floor.ts measures them as
// its steps `react` and `mui`; lighthouse.ts (LH_ROUNDS) measures them in every round beside the screens,
// so each screen's score is told as a ratio to the plain page's in the same round (the host's noise moves
// absolute scores 20 points from hour to hour; the ratio far less).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressPlugin } from '../apps/web/compress-plugin.js';

export const FLOOR_ROOT = path.resolve(import.meta.dirname, 'lighthouse-floor');
const ENTRY = path.join(FLOOR_ROOT, 'entry.tsx');

const ROWS = `const ROWS = Array.from({ length: 50 }, (_, i) => ({
  id: String(i + 1),
  date: '2026-03-' + String(31 - Math.floor(i / 2)).padStart(2, '0'),
  description: (i % 3 === 2 ? 'Supplies ' : 'Sales ') + (i + 1),
  method: i % 2 ? 'Card' : 'Cash',
  amount: (i % 3 === 2 ? -1 : 1) * (12000 + i * 731),
}));
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });`;

export interface RefPage {
  id: 'react' | 'mui';
  label: string;
  source: string;
}

export const REFS: RefPage[] = [
  {
    id: 'react',
    label: 'plain React page (top bar, 50-row table)',
    source: `import { createRoot } from 'react-dom/client';
import './floor.css';
${ROWS}
function Page() {
  return (
    <>
      <header className="bar">Entries</header>
      <main className="page">
        <table className="list">
          <thead><tr><th>Date</th><th>Description</th><th>Payment</th><th className="num">Amount</th></tr></thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.id}><td>{r.date}</td><td>{r.description}</td><td>{r.method}</td><td className="num">{money.format(r.amount / 100)}</td></tr>
            ))}
          </tbody>
        </table>
      </main>
    </>
  );
}
createRoot(document.getElementById('root')!).render(<Page />);`,
  },
  {
    id: 'mui',
    label: 'the same with MUI (ThemeProvider, CssBaseline, AppBar, Table)',
    source: `import { createRoot } from 'react-dom/client';
import { AppBar, CssBaseline, Table, TableBody, TableCell, TableHead, TableRow, Toolbar, Typography } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
${ROWS}
const theme = createTheme();
function Page() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppBar position="sticky">
        <Toolbar><Typography variant="h6" component="h1">Entries</Typography></Toolbar>
      </AppBar>
      <Table size="small">
        <TableHead><TableRow><TableCell>Date</TableCell><TableCell>Description</TableCell><TableCell>Payment</TableCell><TableCell align="right">Amount</TableCell></TableRow></TableHead>
        <TableBody>
          {ROWS.map((r) => (
            <TableRow key={r.id}><TableCell>{r.date}</TableCell><TableCell>{r.description}</TableCell><TableCell>{r.method}</TableCell><TableCell align="right">{money.format(r.amount / 100)}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
    </ThemeProvider>
  );
}
createRoot(document.getElementById('root')!).render(<Page />);`,
  },
];

/** `source` as the page's entry, built as apps/web/vite.config.ts builds the app (terser in two passes, .br and .gz beside each asset), into `outDir`. */
export async function buildFloorPage(source: string, outDir: string) {
  writeFileSync(ENTRY, source);
  try {
    await build({
      root: FLOOR_ROOT,
      logLevel: 'silent',
      configFile: false,
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
  } finally {
    rmSync(ENTRY, { force: true });
  }
}

/** The reference pages built into temporary folders: `{ id, label, dir }`, and a function removing them. */
export async function buildRefs() {
  const built: (RefPage & { dir: string })[] = [];
  for (const ref of REFS) {
    const dir = mkdtempSync(path.join(tmpdir(), `cuadre-lh-ref-${ref.id}-`));
    await buildFloorPage(ref.source, dir);
    built.push({ ...ref, dir });
  }
  return { built, remove: () => built.forEach((b) => rmSync(b.dir, { recursive: true, force: true })) };
}
