import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';
import { needs } from './helpers/services.js';
import { PROCESS_START_MS, startSecondServer } from './helpers/server-process.js';
import { claimsOf, signToken } from './helpers/tokens.js';

// The live channel (/api/common/events) lives no longer than the session that opened it: each way a
// session ends closes its sockets with 4401, on every process, and leaves the user's other sessions'
// sockets open. Real sockets against a listening app, as the web app opens them.

/** Each socket's own heartbeat checks its session every 25 s; a close sooner than this came from the session's end itself. */
const BEFORE_HEARTBEAT_MS = 10_000;

/** A signed-in socket: opened, the token sent, the server's hello received. `closed` resolves with the close code. */
async function liveSocket(url: string, token: string) {
  const ws = new WebSocket(url);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const hello = new Promise<string>((resolve, reject) => {
    ws.once('message', (m) => resolve(String(m)));
    void closed.then((code) => reject(new Error(`closed ${code} before the hello`)));
  });
  ws.send(JSON.stringify({ token }));
  expect(JSON.parse(await hello)).toEqual({ type: 'hello' });
  return { ws, closed };
}

/** The close code, or a failure if the socket is still open when only the heartbeat could have closed it. */
function closeCode(socket: { closed: Promise<number> }): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${BEFORE_HEARTBEAT_MS} ms`)), BEFORE_HEARTBEAT_MS);
  });
  return Promise.race([socket.closed, late]).finally(() => clearTimeout(timer));
}

/** The socket is open and answered: a ping comes back. */
async function stillOpen(socket: { ws: WebSocket }) {
  expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  await new Promise((resolve) => (socket.ws.once('pong', resolve), socket.ws.ping()));
}

describe('the live channel closes with its session', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo; // listen() on a TCP port: the address is an object
    url = `ws://127.0.0.1:${port}/api/common/events`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An owner signed in twice (two devices), each session with its socket. */
  const twoDevices = async () => {
    const { owner, token } = await t.ownerToken();
    const other = (await t.signIn(owner.email, owner.password)).accessToken;
    return { owner, token, other, here: await liveSocket(url, token), there: await liveSocket(url, other) };
  };

  it('a sign-out closes that session’s socket, and no other', async () => {
    const { token, other, here, there } = await twoDevices();
    expectOk(await t.api('POST', '/api/auth/sign-out', { token }));
    expect(await closeCode(here)).toBe(4401);
    expectError(await t.api('GET', '/api/common/user', { token }), 401, 'UNAUTHORIZED');
    await stillOpen(there);
    expectOk(await t.api('GET', '/api/common/user', { token: other }));
    there.ws.close();
  });

  it('a session ended from the settings’ list closes its socket', async () => {
    const { token, other, here, there } = await twoDevices();
    const { sid } = claimsOf(token);
    expectOk(await t.api('DELETE', `/api/auth/sessions/${sid}`, { token: other }));
    expect(await closeCode(here)).toBe(4401);
    await stillOpen(there);
    there.ws.close();
  });

  it('a password change closes the other sessions’ sockets and keeps the one that made it', async () => {
    const { owner, other, here, there } = await twoDevices();
    expectOk(await t.api('POST', '/api/auth/change-password', { token: other, body: { currentPassword: owner.password, newPassword: 'Another-Ledger-2033' } }));
    expect(await closeCode(here)).toBe(4401);
    await stillOpen(there);
    there.ws.close();
  });

  it('an administrator’s disable closes every socket of the account', async () => {
    const admin = await t.adminToken();
    const { owner, here, there } = await twoDevices();
    const adminSocket = await liveSocket(url, admin);
    expectOk(await t.api('POST', `/api/admin/users/${owner.id}/disable`, { token: admin }));
    expect(await closeCode(here)).toBe(4401);
    expect(await closeCode(there)).toBe(4401);
    // The administrator's own channel is not touched.
    await stillOpen(adminSocket);
    adminSocket.ws.close();
  });

  it('deleting the account closes its sockets', async () => {
    const { owner, token, here, there } = await twoDevices();
    expectOk(await t.api('DELETE', '/api/account', { token, body: { password: owner.password } }));
    expect(await closeCode(here)).toBe(4401);
    expect(await closeCode(there)).toBe(4401);
  });

  it('a session whose time runs out while its socket is open closes it', async () => {
    const { owner } = await t.ownerToken();
    // A session that ends in a few seconds, and a token for it as the server signs them (the token's
    // end is the session's, to the second).
    const ends = Math.floor(Date.now() / 1000) + 5;
    const session = await new UsersRepository(t.db).createSession({ userId: owner.id, expiresAt: new Date(ends * 1000) });
    const token = await signToken({ sub: owner.id, sid: session.id }, { exp: ends });
    const socket = await liveSocket(url, token);
    expect(await closeCode(socket)).toBe(4401);
    expect(Date.now()).toBeGreaterThanOrEqual(ends * 1000);
    expectError(await t.api('GET', '/api/common/user', { token }), 401, 'UNAUTHORIZED');
  });

  it('a socket of a session already ended is refused', async () => {
    const { token } = await t.ownerToken();
    expectOk(await t.api('POST', '/api/auth/sign-out', { token }));
    const ws = new WebSocket(url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ token }));
    expect(await closeCode({ closed })).toBe(4401);
  });
});

// Two server processes on one PostgreSQL and one Redis: a session ended through one closes the
// socket the other holds (the session cache's Redis channel carries the change).
const redisUrl = process.env.TEST_REDIS_URL;
needs('postgres', 'redis').describe('across processes (PostgreSQL and Redis)', () => {
  let other: ChildProcess | undefined;
  let otherUrl = '';
  let a: TestApp;
  const prefix = `cuadre-live-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    const started = await startSecondServer(a, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    other = started.process;
    otherUrl = started.url.replace(/^http/, 'ws') + '/api/common/events';
  }, PROCESS_START_MS + 30_000);

  afterAll(async () => {
    other?.kill('SIGTERM');
    await a?.close();
  });

  it('a sign-out through one process closes the socket held by the other', async () => {
    const { owner, token } = await a.ownerToken();
    const second = (await a.signIn(owner.email, owner.password)).accessToken;
    const there = await liveSocket(otherUrl, token);
    const survivor = await liveSocket(otherUrl, second);
    expectOk(await a.api('POST', '/api/auth/sign-out', { token }));
    expect(await closeCode(there)).toBe(4401);
    await stillOpen(survivor);

    // And an administrator's disable, made on the first, closes the rest there.
    expectOk(await a.api('POST', `/api/admin/users/${owner.id}/disable`, { token: await a.adminToken() }));
    expect(await closeCode(survivor)).toBe(4401);
  });
});
