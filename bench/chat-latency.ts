// The chat (issue 28): the time from a sent message (POST api/apps/chat/message) to the other side's
// open tab: its WebSocket told ("chat" event), then the chat read with the message in it (what the tab
// shows). One server process on PGlite, one on PostgreSQL, and two processes on one PostgreSQL and one
// Redis, the message sent through one and the tab connected to the other. Prints figures; asserts nothing.
//   npm run bench:chat -w @cuadre/bench   (ROUNDS=200; DATABASE_URL and REDIS_URL for PostgreSQL and two processes)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildStale } from '../scripts/build.mjs';
import { openDatabase } from '../apps/server/src/db/client.js';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { hashPassword, usePasswordProfile } from '../apps/server/src/lib/passwords.js';
import { freshPostgres, p50p99, startServer, stop } from './lib.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const PASSWORD = 'Bench-Chat-Ledger-2026';
const OWNER = 'owner@chat.bench.cuadre.test';
const ADMIN = 'admin@chat.bench.cuadre.test';

type Env = { DATA_DIR: string; DATABASE_URL?: string; REDIS_URL?: string };

/** The plans, the administrator and the owner, straight into the database (the server is not running yet). */
async function prepare(env: Env) {
  usePasswordProfile('test');
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
  await bootstrap(database.db, { email: ADMIN, password: PASSWORD });
  await database.db
    .insert(users)
    .values({
      email: OWNER,
      name: 'Bench Owner',
      passwordHash: await hashPassword(PASSWORD),
      plan: 'basic',
      emailConfirmedAt: new Date(),
      agreementsAt: new Date(),
    })
    .onConflictDoNothing();
  await database.close();
}

async function measure(label: string, env: Env, processes: 1 | 2) {
  await prepare(env);
  const serverEnv = {
    DATA_DIR: env.DATA_DIR,
    ADMIN_EMAIL: ADMIN,
    ADMIN_PASSWORD: PASSWORD,
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    ...(env.REDIS_URL ? { REDIS_URL: env.REDIS_URL, REDIS_PREFIX: `cuadre-bench-chat-${process.pid}:` } : {}),
  };
  const first = await startServer(serverEnv);
  const second = processes === 2 ? await startServer(serverEnv) : first;
  try {
    const call = async <T>(url: string, method: string, p: string, token: string, body?: unknown): Promise<T> => {
      const r = await fetch(`${url}${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<T>;
    };
    const signIn = async (email: string) =>
      (await call<{ accessToken: string }>(first.url, 'POST', '/api/auth/sign-in', '', { email, password: PASSWORD })).accessToken;
    const owner = await signIn(OWNER);
    const admin = await signIn(ADMIN);
    const [support] = await call<{ id: string }[]>(first.url, 'GET', '/api/apps/chat/contacts', owner);
    const opened = await call<{ chat: { id: string } }>(first.url, 'POST', '/api/apps/chat/message', owner, { contactId: support!.id, value: 'Hello' });
    const chatId = opened.chat.id;

    // The owner's tab, on the second process when there are two; the administrator writes through the first.
    const ws = new WebSocket(`${second.url.replace('http', 'ws')}/api/common/events`);
    await new Promise((r) => ws.once('open', r));
    const events: string[] = [];
    let waiter: (() => void) | undefined;
    ws.on('message', (m) => (events.push(String(m)), waiter?.()));
    ws.send(JSON.stringify({ token: owner }));
    const next = () => new Promise<string>((r) => (events.length ? r(events.shift()!) : (waiter = () => ((waiter = undefined), r(events.shift()!)))));
    const nextChatEvent = async () => {
      for (;;) {
        const e = JSON.parse(await next()) as { type: string; chatId?: string };
        if (e.type === 'chat' && e.chatId === chatId) return;
      }
    };
    await next(); // hello

    const told: number[] = [];
    const shown: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const value = `Message ${i}`;
      const arrived = nextChatEvent();
      const t = performance.now();
      await call(first.url, 'POST', '/api/apps/chat/message', admin, { chatId, value });
      await arrived;
      told.push(performance.now() - t);
      const chat = await call<{ messages: { value: string }[] }>(second.url, 'GET', `/api/apps/chat/chat?id=${chatId}`, owner);
      if (chat.messages.at(-1)?.value !== value) throw new Error('the message is not in the chat');
      shown.push(performance.now() - t);
      // The tab reads what its panels and the chat's other events ask before the next message (as a browser would).
      while (events.length) events.shift();
    }
    ws.close();
    console.log(`${label}: ${ROUNDS} messages, one after another`);
    console.log(`  sent → other tab told (WebSocket)       ${p50p99(told)}`);
    console.log(`  sent → message read by the other tab    ${p50p99(shown)}`);
  } finally {
    if (second !== first) await stop(second.proc);
    await stop(first.proc);
  }
}

await buildStale(['server'], { log: () => {} });
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-chat-'));
  dirs.push(d);
  return d;
};
try {
  if (process.env.ONLY !== 'postgres') await measure('PGlite, one process', { DATA_DIR: tmp() }, 1);
  if (process.env.DATABASE_URL && process.env.ONLY !== 'pglite') {
    const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    for (const processes of [1, 2] as const) {
      const db = await freshPostgres();
      try {
        await measure(
          `PostgreSQL + Redis, ${processes === 1 ? 'one process' : 'two processes (sent through one, the tab on the other)'}`,
          { DATA_DIR: tmp(), DATABASE_URL: db.url, REDIS_URL: redis },
          processes,
        );
      } finally {
        await db.drop();
      }
    }
  } else if (!process.env.DATABASE_URL) console.log('\n(DATABASE_URL not set: PostgreSQL and two processes not measured)');
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
