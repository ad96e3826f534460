import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createTestStore, usingPostgres } from './helpers/database.js';
import { PROCESS_START_MS, serverProcessArgs } from './helpers/server-process.js';

const ADMIN = { email: 'crash@cuadre.test', password: 'Crash-Test-Admin-77' };

/** The server as a process, as `npm start` runs it, on the given data folder or database. */
function start(env: Record<string, string>) {
  const { DATABASE_URL: _db, ...base } = process.env;
  const proc = spawn(process.execPath, [...serverProcessArgs], {
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = (async () => {
    const until = Date.now() + PROCESS_START_MS;
    for (;;) {
      const m = /Cuadre is running at (\S+)/.exec(out);
      if (m) return m[1]!;
      if (Date.now() > until || proc.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { proc, url, exited, output: () => out };
}

async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const BATCH = 40;

describe(`a crash (${usingPostgres ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  it('killed with SIGKILL during concurrent batches, the server comes back with every acknowledged batch whole and none in part', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      const first = start(store.env);
      const url = await first.url;
      const token = await signIn(url);
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const cats = (await (await fetch(`${url}/api/categories`, { headers: auth })).json()) as { items: { id: string; kind: string }[] };
      const categoryId = cats.items.find((c) => c.kind === 'income')!.id;

      const acknowledged = new Set<string>();
      let n = 0;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const tag = `batch-${++n}`;
          const body = JSON.stringify({
            entries: Array.from({ length: BATCH }, (_, i) => ({ type: 'income', date: '2026-02-10', amount: 100 + i, categoryId, reference: tag })),
          });
          try {
            const res = await fetch(`${url}/api/entries/batch`, { method: 'POST', headers: auth, body });
            if (res.status === 201) acknowledged.add(tag);
          } catch {
            // The connection died with the server: this batch was never acknowledged.
          }
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      // Long enough for a good number of batches to land, and some to be in flight at the kill.
      while (acknowledged.size < 15) await new Promise((r) => setTimeout(r, 20));
      first.proc.kill('SIGKILL');
      killed = true;
      await first.exited;
      await Promise.all(writers);

      const second = start(store.env);
      try {
        const url2 = await second.url;
        const token2 = await signIn(url2);
        const res = await fetch(`${url2}/api/entries/export.csv?from=2026-02-01&to=2026-02-28`, { headers: { authorization: `Bearer ${token2}` } });
        expect(res.status).toBe(200);
        const lines = (await res.text()).trim().split('\r\n').slice(1);
        const perBatch = new Map<string, number>();
        for (const line of lines) {
          const tag = /batch-\d+/.exec(line)![0];
          perBatch.set(tag, (perBatch.get(tag) ?? 0) + 1);
        }
        for (const tag of acknowledged) expect(perBatch.get(tag), `acknowledged ${tag}`).toBe(BATCH);
        for (const [tag, count] of perBatch) expect(count, `${tag} is whole or absent`).toBe(BATCH);
        expect(acknowledged.size).toBeGreaterThanOrEqual(15);
      } finally {
        second.proc.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await store.drop();
    }
    // Two starts (helpers/server-process.ts: PROCESS_START_MS each) and the writing between them.
  }, 360_000);
});
