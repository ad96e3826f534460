import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { barePictureUrl, PICTURE_BUCKET_MS, PictureSigner } from '../src/lib/picture-urls.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';
import { mails } from '../src/db/schema/index.js';

/**
 * Pictures an <img> loads (docs/product.md "Pictures"): a user's avatar, a contact's avatar, a
 * product's image and a note's image. Each is served only to a request that proves it may see it: an
 * address signed for its viewer and not expired, or a bearer token. The bare address, another
 * owner's, an expired or an altered signature answer 404, as a picture that does not exist does.
 */
let t: TestApp;
let a: { id: string; token: string };
let b: { id: string; token: string };
let admin: { id: string; token: string };
const signer = new PictureSigner(TEST_JWT_SECRET);
const HOUR = 3_600_000;
const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, fill)]);
const form = (field: string, data: Buffer, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(field, new Blob([data]), 'p.png');
  return f;
};

beforeAll(async () => {
  t = await createTestApp();
  const one = await t.bookkeeper();
  const two = await t.bookkeeper();
  a = { id: one.owner.id, token: one.token };
  b = { id: two.owner.id, token: two.token };
  const adminToken = await t.adminToken();
  admin = { id: expectOk(await t.api('GET', '/api/common/user', { token: adminToken })).id, token: adminToken };
});
afterAll(async () => {
  await t?.close();
});

/** Each kind: uploaded by owner A, its address as A's own answer gives it. */
const kinds: Record<string, () => Promise<string>> = {
  "a user's avatar": async () => expectOk(await t.api('POST', '/api/common/user/avatar', { token: a.token, body: form('avatar', png(1)) })).avatar,
  "a contact's avatar": async () => {
    const c = expectOk(await t.api('POST', '/api/apps/contacts/contact', { token: a.token }));
    return expectOk(await t.api('POST', '/api/apps/contacts/avatar', { token: a.token, body: form('avatar', png(2), { id: c.id }) })).avatar;
  },
  "a product's image": async () => {
    const p = expectOk(await t.api('POST', '/api/apps/ecommerce/inventory/product', { token: a.token }));
    return expectOk(await t.api('POST', '/api/apps/ecommerce/inventory/product/image', { token: a.token, body: form('image', png(3), { id: p.id }) }))
      .images[0];
  },
  "a note's image": async () => {
    const n = expectOk(await t.api('POST', '/api/apps/notes', { token: a.token, body: { note: { title: 'With a picture' } } }));
    return expectOk(await t.api('POST', '/api/apps/notes/image', { token: a.token, body: form('image', png(4), { id: n.id }) })).image;
  },
};

const parts = (url: string) => {
  const [path, query] = url.split('?') as [string, string];
  return { path, query: new URLSearchParams(query) };
};
const get = (url: string, token?: string) => t.api('GET', url, token ? { token } : {});
const expect404 = async (url: string, token?: string) => expectError(await get(url, token), 404, 'NOT_FOUND');

describe.each(Object.keys(kinds))('%s', (kind) => {
  let url: string;
  let path: string;
  beforeAll(async () => {
    url = await kinds[kind]!();
    path = parts(url).path;
  });

  it('comes signed for its reader, valid 30 to 60 minutes, the same address when read again within the half hour', async () => {
    const { query } = parts(url);
    expect(query.get('u')).toBe(a.id);
    const exp = Number(query.get('exp')) * 1000;
    expect(exp - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(exp - Date.now()).toBeLessThanOrEqual(HOUR);
    expect(query.get('sig')).toMatch(/^[\w-]{43}$/);
    expect(signer.url(path, a.id, Date.now(), path.startsWith('/api/avatars/') ? `?v=${query.get('v')}` : '')).toBe(url);
  });

  it('is served to its owner by the signed address, cacheable privately no longer than the signature lasts', async () => {
    const asked = Math.floor(Date.now() / 1000);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(Number(parts(url).query.get('exp')) - asked);
    // And to the owner's own token (an API client), never kept by the browser.
    const byToken = await get(path, a.token);
    expect(byToken.status).toBe(200);
    expect(byToken.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 404 to a stranger and to another owner holding the bare address', async () => {
    await expect404(path);
    await expect404(path, b.token);
  });

  it('answers 404 to another owner with an address signed for them', async () => {
    await expect404(signer.url(path, b.id));
  });

  it('answers 404 to an expired signature and to an altered one', async () => {
    await expect404(signer.url(path, a.id, Date.now() - 2 * HOUR));
    const { query } = parts(url);
    const sig = query.get('sig')!;
    const altered = new URLSearchParams(query);
    altered.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    await expect404(`${path}?${altered}`);
    // The same signature for another viewer, a later expiry or another picture proves nothing.
    const other = new URLSearchParams(query);
    other.set('u', b.id);
    await expect404(`${path}?${other}`);
    const later = new URLSearchParams(query);
    later.set('exp', String(Number(query.get('exp')) + 1800));
    await expect404(`${path}?${later}`);
    await expect404(`${path.slice(0, -1)}${path.endsWith('0') ? '1' : '0'}?${query}`);
    // Nor does an expiry further ahead than any address handed out now, even signed.
    await expect404(signer.url(path, a.id, Date.now() + 2 * HOUR));
  });
});

describe("a user's avatar is seen by the people who can see that user", () => {
  it('the administrators and a mail from them; not an unrelated owner', async () => {
    const me = expectOk(await t.api('GET', '/api/common/user', { token: a.token }));
    const path = parts(me.avatar as string).path;
    // The administrators see every account: their list of users carries it signed for them.
    const listed = expectOk(await t.api('GET', '/api/admin/users', { token: admin.token, query: { search: me.email } })).items as { avatar: string }[];
    expect(listed).toHaveLength(1);
    expect(parts(listed[0]!.avatar).path).toBe(path);
    expect(parts(listed[0]!.avatar).query.get('u')).toBe(admin.id);
    expect((await get(listed[0]!.avatar)).status).toBe(200);
    // An unrelated owner does not, even with a valid signature of their own.
    await expect404(signer.url(path, b.id));
    // A mail from A in B's mailbox (owners write only to those who wrote to them, so it is one from
    // before that rule, or B wrote first): B sees who wrote.
    await t.db.insert(mails).values({ ownerId: b.id, kind: 'received', folder: 'inbox', fromUserId: a.id, fromName: 'A', fromAddress: me.email });
    expect((await get(signer.url(path, b.id))).status).toBe(200);
  });

  it('an owner sees the administrators’ avatars in their chat contacts, signed for them', async () => {
    expectOk(await t.api('POST', '/api/common/user/avatar', { token: admin.token, body: form('avatar', png(9)) }));
    const contacts = expectOk(await t.api('GET', '/api/apps/chat/contacts', { token: b.token })) as { id: string; avatar: string | null }[];
    const theirs = contacts.find((c) => c.id === admin.id)!.avatar!;
    expect(parts(theirs).query.get('u')).toBe(b.id);
    expect((await get(theirs)).status).toBe(200);
  });
});

describe('an answer that starts a session', () => {
  it('carries the user’s avatar signed for them (the web app shows it without reading the user again)', async () => {
    const { owner, token } = await t.ownerToken();
    expectOk(await t.api('POST', '/api/common/user/avatar', { token, body: form('avatar', png(7)) }));
    const answer = await t.signIn(owner.email, owner.password);
    const avatar = answer.user.avatar!;
    expect(parts(avatar).query.get('u')).toBe(owner.id);
    expect((await get(avatar)).status).toBe(200);
  });
});

describe('a kept answer (the read cache, ADR 009) with pictures in it', () => {
  it('is kept per reader: each reader gets the addresses signed for them, a hit the same as the first read', async () => {
    const read = async (token: string) => {
      const res = await t.api('GET', '/api/dashboards/project', { token });
      expect(res.status).toBe(200);
      return { body: JSON.stringify(res.body), cache: res.headers['x-read-cache'] };
    };
    expectOk(await t.api('POST', '/api/common/user/avatar', { token: a.token, body: form('avatar', png(5)) }));
    const first = await read(a.token);
    const again = await read(a.token);
    expect(again.cache).toBe('hit');
    expect(again.body).toBe(first.body);
    const mine = /"(\/api\/avatars\/[^"]+)"/.exec(first.body)![1]!;
    expect(parts(mine).query.get('u')).toBe(a.id);
    expect((await get(mine)).status).toBe(200);
    // Another reader's answer (their own, their addresses) never carries A's signature.
    const theirs = await read(b.token);
    expect(theirs.body).not.toContain(`u=${a.id}`);
  });

  it('is not served from the cache once the signing half hour is over: the new answer has new addresses', async () => {
    const read = async () => {
      const res = await t.api('GET', '/api/dashboards/project', { token: a.token });
      return { url: /"(\/api\/avatars\/[^"]+)"/.exec(JSON.stringify(res.body))![1]!, cache: res.headers['x-read-cache'] };
    };
    // Seconds before a half hour ends and seconds after, well within the cache's own minute.
    const boundary = Math.ceil(Date.now() / PICTURE_BUCKET_MS) * PICTURE_BUCKET_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: boundary - 5_000 });
    try {
      const before = await read();
      expect((await read()).cache).toBe('hit');
      vi.setSystemTime(boundary + 5_000);
      const after = await read();
      expect(after.cache).toBeUndefined();
      expect(Number(parts(after.url).query.get('exp'))).toBe(Number(parts(before.url).query.get('exp')) + PICTURE_BUCKET_MS / 1000);
      expect((await get(after.url)).status).toBe(200);
      expect((await read()).cache).toBe('hit');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the signed address', () => {
  it('stays the same within a half hour and moves on with the next', () => {
    const start = Math.ceil(Date.now() / PICTURE_BUCKET_MS) * PICTURE_BUCKET_MS;
    const path = '/api/avatars/00000000-0000-4000-8000-000000000001';
    expect(signer.url(path, a.id, start)).toBe(signer.url(path, a.id, start + PICTURE_BUCKET_MS - 1));
    expect(signer.url(path, a.id, start)).not.toBe(signer.url(path, a.id, start + PICTURE_BUCKET_MS));
    expect(signer.expiry(start)).toBe((start + 2 * PICTURE_BUCKET_MS) / 1000);
    expect(signer.expiry(start + PICTURE_BUCKET_MS - 1)).toBe((start + 2 * PICTURE_BUCKET_MS) / 1000);
  });

  it('is kept bare: what a client sends back loses its signature, a user avatar keeps its version, other addresses stay', () => {
    const owner = '00000000-0000-4000-8000-00000000000a';
    const file = '00000000-0000-4000-8000-00000000000b';
    const product = `/api/apps/ecommerce/inventory/images/${owner}/${file}`;
    expect(barePictureUrl(signer.url(product, a.id))).toBe(product);
    expect(barePictureUrl(signer.url(`/api/avatars/${owner}`, a.id, Date.now(), '?v=4'))).toBe(`/api/avatars/${owner}?v=4`);
    expect(barePictureUrl('https://example.com/a.png?x=1')).toBe('https://example.com/a.png?x=1');
  });
});
