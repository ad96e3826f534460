// The file manager (issue 27): upload and download of a 10 MB file through the running server (built
// dist, embedded PGlite in a fresh data folder), RUNS times each; prints p50 / p99 and throughput, and
// checks the bytes come back whole. Asserts nothing else.
//   npm run bench:files -w @cuadre/bench   (RUNS=20 SIZE_MB=10)
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStale } from '../scripts/build.mjs';
import { quantile, startServer, stop } from './lib.js';

const RUNS = Number(process.env.RUNS ?? 20);
const SIZE = Number(process.env.SIZE_MB ?? 10) * 1024 * 1024;
const admin = { email: 'admin@bench.cuadre.test', password: 'Bench-Files-Admin-2026' };
const ms = (n: number) => `${n.toFixed(0)} ms`;

await buildStale();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-files-'));
const { proc, url } = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
try {
  const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]);
  const up: number[] = [];
  const down: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'application/pdf' }), `big-${i}.pdf`);
    let t = performance.now();
    const res = await fetch(`${url}/api/apps/file-manager/upload?folderId=null`, { method: 'POST', headers: auth, body: form });
    const item = (await res.json()) as { id: string; size: number };
    up.push(performance.now() - t);
    if (res.status !== 201 || item.size !== SIZE) throw new Error(`upload: ${res.status} ${JSON.stringify(item)}`);
    t = performance.now();
    const got = await fetch(`${url}/api/apps/file-manager/download?id=${item.id}&download=1`, { headers: auth });
    const bytes = Buffer.from(await got.arrayBuffer());
    down.push(performance.now() - t);
    if (got.status !== 200 || !bytes.equals(file)) throw new Error(`download: ${got.status}, ${bytes.length} bytes`);
    await fetch(`${url}/api/apps/file-manager?id=${item.id}`, { method: 'DELETE', headers: auth });
  }
  const mbps = (t: number) => `${(SIZE / 1024 / 1024 / (t / 1000)).toFixed(0)} MB/s`;
  console.log(`File manager, a ${SIZE / 1024 / 1024} MB file, ${RUNS} runs (PGlite, one client on localhost):`);
  console.log(`  upload    p50 ${ms(quantile(up, 0.5))} (${mbps(quantile(up, 0.5))})   p99 ${ms(quantile(up, 0.99))}`);
  console.log(`  download  p50 ${ms(quantile(down, 0.5))} (${mbps(quantile(down, 0.5))})   p99 ${ms(quantile(down, 0.99))}`);
} finally {
  await stop(proc);
  rmSync(dataDir, { recursive: true, force: true });
}
