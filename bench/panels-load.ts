// The shell's panels (issue 10): search p50 and p99 for an owner with 10,000 entries among 1,000 owners,
// and the time from an event (an administrator answers a support request) to the owner's badge data on
// another open tab: the WebSocket's "panels" message, then the messages list that the badge counts.
// On PGlite and, when DATABASE_URL is set, PostgreSQL with Redis fan-out (REDIS_URL, default local).
// Prints figures; asserts nothing.   npm run bench:panels -w @cuadre/bench   (ROUNDS=400)
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client.js';
import { onEachDatabase, p50p99, startServer, stop } from './lib.js';
import { heavy, populate } from './populate.js';

const ROUNDS = Number(process.env.ROUNDS ?? 400);
const EVENTS = 30;
const ADMIN = 'owner2@bench.cuadre.test';

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string; REDIS_URL?: string }) {
  await populate(env);
  // One of the bench's owners (same password) becomes the administrator who answers.
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
  await database.db.execute(sql`update users set role = 'admin' where email = ${ADMIN}`);
  await database.close();
  const { proc, url } = await startServer({
    DATA_DIR: env.DATA_DIR,
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    ...(env.REDIS_URL ? { REDIS_URL: env.REDIS_URL } : {}),
  });
  try {
    const call = async (method: string, p: string, token: string, body?: unknown) => {
      const r = await fetch(`${url}${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!r.ok) throw new Error(`${method} ${p}: ${r.status}`);
      return r.json() as Promise<unknown>;
    };
    const signIn = async (email: string) =>
      ((await call('POST', '/api/auth/sign-in', '', { email, password: heavy.password })) as { accessToken: string }).accessToken;
    const owner = await signIn(heavy.email);
    const admin = await signIn(ADMIN);
    console.log(`${label}${env.REDIS_URL ? ' + Redis' : ''}: the heavy owner (10,000 entries among 1,000 owners)`);

    // Search: words of descriptions, an amount, a page title, and a word that finds nothing.
    const queries = ['line 4242', 'line 99', 'ine 12', '2.50', 'profit', 'zzzz-nothing'];
    const times: Record<string, number[]> = Object.fromEntries(queries.map((q) => [q, []]));
    for (let i = 0; i < ROUNDS; i++) {
      const q = queries[i % queries.length]!;
      const t = performance.now();
      await call('POST', '/api/common/search', owner, { query: q });
      if (i >= queries.length) times[q]!.push(performance.now() - t);
    }
    const all = Object.values(times).flat();
    console.log(`  search, ${all.length} requests one after another   ${p50p99(all)}`);
    for (const q of queries) console.log(`    "${q}"`.padEnd(22) + `${p50p99(times[q]!)}`);

    // Event to badge: the owner's tab listens; the administrator answers; the tab is told, and reads its messages.
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/common/events`);
    await new Promise((r) => ws.once('open', r));
    const messages: string[] = [];
    let waiter: (() => void) | undefined;
    ws.on('message', (m) => (messages.push(String(m)), waiter?.()));
    ws.send(JSON.stringify({ token: owner }));
    const nextMessage = () =>
      new Promise<string>((r) => (messages.length ? r(messages.shift()!) : (waiter = () => ((waiter = undefined), r(messages.shift()!)))));
    await nextMessage(); // hello
    const told: number[] = [];
    const badge: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const req = (await call('POST', '/api/support-requests', owner, { subject: `Question ${i}`, message: 'How?' })) as { id: string };
      const t = performance.now();
      const arrived = nextMessage();
      await call('PATCH', `/api/admin/support-requests/${req.id}`, admin, { answer: `Answer ${i}` });
      await arrived;
      told.push(performance.now() - t);
      const list = (await call('GET', '/api/common/messages', owner)) as { title: string; read: boolean }[];
      if (!list.some((m) => m.title === `Re: Question ${i}` && !m.read)) throw new Error('the message is not there');
      badge.push(performance.now() - t);
    }
    ws.close();
    console.log(`  event → tab told (WebSocket)      ${p50p99(told)}  (${EVENTS} answers)`);
    console.log(`  event → badge data read           ${p50p99(badge)}`);
  } finally {
    await stop(proc);
  }
}

await onEachDatabase('panels', measure, { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
