// The authenticated request path (issue 7, item 13): GET /api/common/user against a bare Fastify
// route answering the same JSON, side by side, on PGlite and (when DATABASE_URL is set) PostgreSQL.
// Runs the compiled server as `npm start` does. Prints figures; asserts nothing.
//   npm run bench:auth -w @cuadre/bench      (DURATION=10 CONNECTIONS=50 to change the load)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildStale } from '../scripts/build.mjs';
import { freePort, load, startServer, stop, type LoadResult } from './lib.js';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const admin = { email: 'admin@bench.cuadre.test', password: 'Bench-Admin-2026!' };

const run = (url: string, headers: Record<string, string> = {}) => load(url, { connections: CONNECTIONS, duration: DURATION, headers });

async function measure(label: string, env: Record<string, string>) {
  const { proc, url } = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env });
  try {
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const userJson = await (await fetch(`${url}/api/common/user`, { headers })).text();

    // The bare route: the same JSON from a Fastify with nothing registered, in this process.
    const bare = Fastify({ logger: false });
    bare.get('/user', async (_req, reply) => reply.type('application/json').send(userJson));
    const barePort = await freePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });

    const b = await run(`http://127.0.0.1:${barePort}/user`);
    const r = await run(`${url}/api/common/user`, headers);
    await bare.close();
    const fmt = (x: LoadResult) =>
      `${Math.round(x.requests.average)} req/s, p50 ${x.latency.p50} ms, p99 ${x.latency.p99} ms${x.non2xx || x.errors ? `, ${x.non2xx} non-2xx, ${x.errors} errors` : ''}`;
    console.log(`${label}`);
    console.log(`  GET /api/common/user  ${fmt(r)}`);
    console.log(`  bare Fastify route    ${fmt(b)}`);
    console.log(`  ratio                 ${(r.requests.average / b.requests.average).toFixed(2)}`);
  } finally {
    await stop(proc);
  }
}

await buildStale(['server'], { log: () => {} });
console.log(`${CONNECTIONS} connections, ${DURATION} s each\n`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-auth-'));
try {
  await measure('PGlite', { DATA_DIR: dataDir });
  if (process.env.DATABASE_URL) await measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL });
  else console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
  await measure('PGlite, session cache off (SESSION_CACHE_MS=0)', { DATA_DIR: dataDir, SESSION_CACHE_MS: '0' });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
