import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { eq } from 'drizzle-orm';
import { chatMembers, chatMessages, chats, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';
import { needs } from './helpers/services.js';
import { unzip } from './helpers/zip.js';
import { PROCESS_START_MS, startSecondServer } from './helpers/server-process.js';

let t: TestApp;
let admin: string;
let adminId: string;
let owner: { token: string; id: string; name: string; email: string };
let other: { token: string; id: string };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = owner.token) => t.api(method, url, { token, body });
const send = (body: Record<string, unknown>, token = owner.token) => api('POST', '/api/apps/chat/message', body, token);
const chatOf = (id: string, token = owner.token) => api('GET', `/api/apps/chat/chat?id=${id}`, undefined, token);
const listOf = async (token: string) => expectOk(await api('GET', '/api/apps/chat/chats', undefined, token)) as { id: string; unreadCount: number }[];
const panel = async (box: 'messages' | 'notifications', token: string) =>
  (expectOk(await api('GET', `/api/common/${box}`, undefined, token)) as { title: string; link: string; read: boolean; description: string }[]).filter((i) =>
    i.link?.startsWith('/apps/chat/'),
  );
const notFoundText = (id: string) => `Could not found chat with id of ${id}!`;
const n = async (table: Parameters<TestApp['count']>[0]) => Number(await t.count(table));

async function newOwner(name: string) {
  const { owner: o, token } = await t.ownerToken({ name });
  return { token, id: o.id, name: o.name, email: o.email };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = expectOk(await t.api('GET', '/api/common/user', { token: admin })).id;
  owner = await newOwner('Lucía Prado');
  other = await newOwner('Otro Dueño');
});
afterAll(async () => {
  await t?.close();
});

describe('chat: contacts and profile', () => {
  it('gives an owner the administrators (support), and an administrator every owner, sorted by name, without details', async () => {
    const mine = expectOk(await api('GET', '/api/apps/chat/contacts'));
    expect(mine.map((c: { id: string }) => c.id)).toEqual([adminId]);
    expect(mine[0]).toEqual({ id: adminId, avatar: null, background: null, name: expect.any(String), about: 'Cuadre support: write to us here.' });

    const theirs = expectOk(await api('GET', '/api/apps/chat/contacts', undefined, admin)) as { id: string; name: string; about: string }[];
    const ids = theirs.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([owner.id, other.id]));
    expect(ids).not.toContain(adminId);
    const names = theirs.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(theirs.find((c) => c.id === owner.id)).toEqual({
      id: owner.id,
      avatar: null,
      background: null,
      name: 'Lucía Prado',
      about: "Hi there! I'm using the chat.",
    });
    expect(Object.keys(theirs[0]!)).not.toContain('details');
  });

  it('answers one contact with details from their own account, and 404 for anyone the reader may not reach', async () => {
    const c = expectOk(await api('GET', `/api/apps/chat/contact?id=${owner.id}`, undefined, admin));
    expect(c.details).toEqual({ emails: [{ email: owner.email, label: '' }], phoneNumbers: [], company: '', birthday: null, address: '' });
    expect(expectOk(await api('GET', `/api/apps/chat/contact?id=${adminId}`)).details.title).toBe('Support');
    // An owner never reaches another owner, nor anyone at all by a made-up id.
    expectError(await api('GET', `/api/apps/chat/contact?id=${other.id}`), 404, 'NOT_FOUND');
    expectError(await api('GET', '/api/apps/chat/contact?id=nobody'), 404, 'NOT_FOUND');
    expectError(await api('GET', '/api/apps/chat/contact'), 400, 'VALIDATION');
  });

  it('answers the reader’s profile, in their language', async () => {
    expect(expectOk(await api('GET', '/api/apps/chat/profile'))).toEqual({
      id: owner.id,
      name: 'Lucía Prado',
      email: owner.email,
      avatar: null,
      about: "Hi there! I'm using the chat.",
    });
    const es = await t.api('GET', '/api/apps/chat/profile', { token: owner.token, headers: { 'x-language': 'es' } });
    expect(expectOk(es).about).toBe('¡Hola! Estoy usando el chat.');
  });
});

describe('chat: a conversation between an owner and support', () => {
  let chatId: string;

  it('opens the chat the first time a message is sent to a contact, and the same chat afterwards', async () => {
    const sent = expectOk(await send({ contactId: adminId, value: '  Hello, I cannot close March.  ' }));
    chatId = sent.chat.id;
    expect(sent.message).toEqual({
      id: expect.any(String),
      chatId,
      contactId: owner.id,
      value: 'Hello, I cannot close March.',
      createdAt: expect.any(String),
      isMine: true,
    });
    expect(sent.chat).toMatchObject({ id: chatId, contactId: adminId, unreadCount: 0, muted: false, lastMessage: 'Hello, I cannot close March.' });
    expect(expectOk(await api('POST', '/api/apps/chat/chat', { contactId: adminId })).id).toBe(chatId);
    expect(expectOk(await api('POST', '/api/apps/chat/chat', { contactId: owner.id }, admin)).id).toBe(chatId);
    expect(await n(chats)).toBe(1);
  });

  it('counts it unread on the other side, shows it in their messages panel, and the reader’s own messages as theirs', async () => {
    const adminChats = await listOf(admin);
    expect(adminChats).toEqual([
      {
        id: chatId,
        contactId: owner.id,
        contact: expect.objectContaining({ id: owner.id, name: 'Lucía Prado' }),
        unreadCount: 1,
        muted: false,
        lastMessage: 'Hello, I cannot close March.',
        lastMessageAt: expect.any(String),
      },
    ]);
    const seen = expectOk(await chatOf(chatId, admin));
    expect(seen.messages).toEqual([expect.objectContaining({ contactId: owner.id, isMine: false, value: 'Hello, I cannot close March.' })]);
    expect(expectOk(await chatOf(chatId)).messages[0]).toMatchObject({ contactId: owner.id, isMine: true });
    expect(await panel('messages', admin)).toEqual([
      expect.objectContaining({ title: 'Lucía Prado', description: 'Hello, I cannot close March.', link: `/apps/chat/${chatId}`, read: false }),
    ]);

    // A second message updates the one item of the chat.
    expectOk(await send({ chatId, value: 'It says the month is locked.' }));
    expect((await listOf(admin))[0]!.unreadCount).toBe(2);
    const items = await panel('messages', admin);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ description: 'It says the month is locked.', read: false });
  });

  it('marks the chat read when it is opened (PATCH unreadCount 0), with its item in the panel', async () => {
    const read = expectOk(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: { unreadCount: 0 } }, admin));
    expect(read).toMatchObject({ id: chatId, unreadCount: 0 });
    expect((await panel('messages', admin))[0]!.read).toBe(true);
    // The answer counts on the owner's side; writing is reading, so the administrator's side stays at 0.
    expectOk(await send({ chatId, value: 'Reopen February first.' }, admin));
    expect((await listOf(owner.token))[0]!.unreadCount).toBe(1);
    expect((await listOf(admin))[0]!.unreadCount).toBe(0);
    const messages = expectOk(await chatOf(chatId)).messages as { value: string; isMine: boolean; contactId: string }[];
    expect(messages.map((m) => [m.value, m.isMine, m.contactId])).toEqual([
      ['Hello, I cannot close March.', true, owner.id],
      ['It says the month is locked.', true, owner.id],
      ['Reopen February first.', false, adminId],
    ]);
  });

  it('keeps a muted chat counting, but out of the panels', async () => {
    expectOk(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: { muted: true, unreadCount: 0 } }));
    expectOk(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: {} }));
    const before = (await panel('messages', owner.token))[0]!;
    expect(before.read).toBe(true);
    expectOk(await send({ chatId, value: 'Did that work?' }, admin));
    const mine = (await listOf(owner.token))[0]!;
    expect(mine).toMatchObject({ unreadCount: 1, muted: true });
    expect((await panel('messages', owner.token))[0]).toEqual(before);
    expectOk(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: { muted: false } }));
  });

  it('shows a chat to its two participants only: everyone else gets the spec’s 404, and nothing is written', async () => {
    const messages = await n(chatMessages);
    expect(await listOf(other.token)).toEqual([]);
    expectError(await chatOf(chatId, other.token), 404, 'NOT_FOUND', { message: notFoundText(chatId) });
    expectError(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: { muted: true } }, other.token), 404, 'NOT_FOUND', {
      message: notFoundText(chatId),
    });
    expectError(await send({ chatId, value: 'Let me in' }, other.token), 404, 'NOT_FOUND', { message: notFoundText(chatId) });
    expectError(await chatOf('not-a-chat'), 404, 'NOT_FOUND', { message: notFoundText('not-a-chat') });
    // An owner cannot open a chat with another owner.
    expectError(await send({ contactId: owner.id, value: 'Hi neighbour' }, other.token), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/apps/chat/chat', { contactId: owner.id }, other.token), 404, 'NOT_FOUND');
    expect(await n(chatMessages)).toBe(messages);
    expect(await n(chats)).toBe(1);
    const [mine] = await t.db.select().from(chatMembers).where(eq(chatMembers.ownerId, owner.id));
    expect(mine!.muted).toBe(false);
  });

  it('refuses bad input with a clear 400, and writes nothing', async () => {
    const messages = await n(chatMessages);
    expectError(await send({ chatId, value: '   ' }), 400, 'VALIDATION', { paths: ['value'] });
    expectError(await send({ chatId, value: 'x'.repeat(4001) }), 400, 'VALIDATION', { paths: ['value'] });
    expectError(await send({ chatId, contactId: adminId, value: 'both' }), 400, 'VALIDATION');
    expectError(await send({ value: 'neither' }), 400, 'VALIDATION');
    expectError(await send({ chatId: 'nope', value: 'x' }), 400, 'VALIDATION', { paths: ['chatId'] });
    expectError(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: { unreadCount: 5 } }), 400, 'VALIDATION');
    expectError(await api('PATCH', '/api/apps/chat/chat', { id: chatId, chat: { contactId: other.id } }), 400, 'VALIDATION');
    expect(await n(chatMessages)).toBe(messages);
  });

  it('puts the conversation in the owner’s export of everything, and no one else’s', async () => {
    const zip = await unzip((await api('GET', '/api/account/export')).raw.rawPayload);
    const exported = JSON.parse(zip.get('data/chat_messages.json')!.toString()) as { chat_id: string; value: string }[];
    expect(exported.map((m) => m.value)).toEqual(['Hello, I cannot close March.', 'It says the month is locked.', 'Reopen February first.', 'Did that work?']);
    expect(new Set(exported.map((m) => m.chat_id))).toEqual(new Set([chatId]));
    const theirs = await unzip((await api('GET', '/api/account/export', undefined, other.token)).raw.rawPayload);
    expect(JSON.parse(theirs.get('data/chat_messages.json')!.toString())).toEqual([]);
  });

  it('pages back through older messages with `before`', async () => {
    const all = expectOk(await chatOf(chatId)).messages as { createdAt: string; value: string }[];
    const older = expectOk(await api('GET', `/api/apps/chat/chat?id=${chatId}&before=${encodeURIComponent(all[2]!.createdAt)}`)).messages;
    expect(older.map((m: { value: string }) => m.value)).toEqual(all.slice(0, 2).map((m) => m.value));
  });
});

describe('chat: the reader away or here', () => {
  it('tells an away reader with a notification, and a mail once per run of unread messages when they chose it', async () => {
    const away = await newOwner('Ana Ausente');
    expectOk(await api('PATCH', '/api/settings', { preferences: { chatMail: true } }, away.token));
    const sent = expectOk(await send({ contactId: away.id, value: 'Your plan request is ready.' }, admin));
    expect(await panel('notifications', away.token)).toEqual([
      expect.objectContaining({ title: expect.stringContaining('New message from'), link: `/apps/chat/${sent.chat.id}`, read: false }),
    ]);
    expectOk(await send({ chatId: sent.chat.id, value: 'And one more thing.' }, admin));
    const mails = (await t.mailsTo(away.email)).filter((m) => m.subject.startsWith('New message from'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your plan request is ready.');
    expect(mails[0]!.text).toContain(`/apps/chat/${sent.chat.id}`);

    // Someone who did not choose mails gets the notification only.
    expectOk(await send({ contactId: other.id, value: 'Hello from support.' }, admin));
    expect(await panel('notifications', other.token)).toHaveLength(1);
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect((await t.mailsTo(otherRow!.email)).filter((m) => m.subject.startsWith('New message from'))).toEqual([]);
  });

  it('tells an open tab at once over the live channel, and makes no notification for a reader who is here', async () => {
    const here = await newOwner('Hugo Presente');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/common/events`);
    const received: { type: string; chatId?: string }[] = [];
    ws.on('message', (m) => received.push(JSON.parse(String(m))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ token: here.token }));
    // Generous: on a loaded 2-core machine the second process can take seconds to answer (a wait, not a timing).
    const until = async (check: () => boolean) => {
      const end = Date.now() + 20_000;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(check()).toBe(true);
    };
    await until(() => received.some((e) => e.type === 'hello'));
    const sent = expectOk(await send({ contactId: here.id, value: 'Are you there?' }, admin));
    await until(() => received.some((e) => e.type === 'chat' && e.chatId === sent.chat.id) && received.some((e) => e.type === 'panels'));
    expect(await panel('notifications', here.token)).toEqual([]);
    expect(await panel('messages', here.token)).toHaveLength(1);
    ws.close();
  });
});

// Two server processes on one PostgreSQL and one Redis: a message sent through one reaches a tab
// connected to the other.
const redisUrl = process.env.TEST_REDIS_URL;
needs('postgres', 'redis').describe('chat across processes (PostgreSQL and Redis)', () => {
  let second: ChildProcess | undefined;
  let secondUrl = '';
  let a: TestApp;
  const prefix = `cuadre-chat-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    const started = await startSecondServer(a, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    second = started.process;
    secondUrl = started.url;
  }, PROCESS_START_MS + 30_000);

  afterAll(async () => {
    second?.kill('SIGTERM');
    await a?.close();
  });

  it('a message sent through one process arrives over the live channel of the other, and the reader there counts as here', async () => {
    const { owner: o, token } = await a.ownerToken({ name: 'Dos Procesos' });
    const adminToken = await a.adminToken();
    const ws = new WebSocket(`${secondUrl.replace(/^http/, 'ws')}/api/common/events`);
    const received: { type: string; chatId?: string }[] = [];
    ws.on('message', (m) => received.push(JSON.parse(String(m))));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ token }));
    // Generous: on a loaded 2-core machine the second process can take seconds to answer (a wait, not a timing).
    const until = async (check: () => boolean) => {
      const end = Date.now() + 20_000;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(check()).toBe(true);
    };
    await until(() => received.some((e) => e.type === 'hello'));
    const sent = expectOk(await a.api('POST', '/api/apps/chat/message', { token: adminToken, body: { contactId: o.id, value: 'From the first process' } }));
    await until(() => received.some((e) => e.type === 'chat' && e.chatId === sent.chat.id));
    // The tab is on the other process, yet the sender's process knows the reader is here: no notification.
    const notes = expectOk(await a.api('GET', '/api/common/notifications', { token })) as { link: string }[];
    expect(notes.filter((i) => i.link?.startsWith('/apps/chat/'))).toEqual([]);
    const res = await fetch(`${secondUrl}/api/apps/chat/chat?id=${sent.chat.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await res.json()) as { messages: { value: string }[] }).messages.map((m) => m.value)).toEqual(['From the first process']);
    ws.close();
  });
});
