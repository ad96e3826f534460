import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { userAvatars, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PNG_SIGNATURE = TINY_PNG.subarray(0, 8);

function form(field: string, data: Buffer, filename: string, type: string) {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return fd;
}
/** A buffer that starts like a PNG and is `size` bytes long. */
const pngOfSize = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);

describe('navigation', () => {
  // docs/product.md, "Layouts, themes and navigation": ids, Spanish titles and links; the admin menu for an admin, the regular one otherwise.
  const ADMIN_MENU = [
    ['dashboard', 'Dashboard', '/dashboard'],
    ['users', 'Usuarios', '/users'],
    ['categories', 'Cuentas', '/categories'],
    ['subcategories', 'SubCuentas', '/subcategories'],
    ['user-dashboard', 'Dashboard de usuario', '/user/dashboard'],
    ['workers', 'Trabajadores', '/user/workers'],
    ['providers', 'Proveedores', '/user/providers'],
    ['vehicles', 'Vehiculos', '/user/vehicles'],
    ['help-center', 'Centro de ayuda', '/user/help-center'],
    ['pricing', 'Precios', '/user/pricing'],
    ['purchase-confirmation', 'Confirmacion de compra', '/user/purchaseconfirmation'],
    ['purchase-error', 'Error de compra', '/user/purchaseerror'],
  ];
  const USER_MENU = [
    ['dashboard', 'Dashboard', '/user/dashboard'],
    ['workers', 'Trabajadores', '/user/workers'],
    ['providers', 'Proveedores', '/user/providers'],
    ['vehicles', 'Vehiculos', '/user/vehicles'],
    ['help-center', 'Centro de ayuda', '/user/help-center'],
  ];
  type Item = { id: string; type: string; title: string; icon: string; link: string };
  const summary = (items: Item[]) => items.map((i) => [i.id, i.title, i.link]);

  function checkShape(nav: Record<string, Item[]>) {
    expect(Object.keys(nav).sort()).toEqual(['compact', 'default', 'futuristic', 'horizontal']);
    for (const item of nav.default!) {
      expect(item.type).toBe('basic');
      expect(item.icon).toMatch(/^heroicons_outline:[a-z-]+$/);
    }
    // Every layout is usable: the other menus carry the same items.
    expect(nav.compact).toEqual(nav.default);
    expect(nav.futuristic).toEqual(nav.default);
    expect(nav.horizontal).toEqual(nav.default);
  }

  it('gives an administrator the admin menu', async () => {
    const nav = expectOk(await t.api('GET', '/api/common/navigation', { token: await t.adminToken() }));
    checkShape(nav);
    expect(summary(nav.default)).toEqual(ADMIN_MENU);
  });

  it('gives an owner the regular menu, with the same icons as the admin menu for the same items', async () => {
    const { token } = await t.ownerToken();
    const nav = expectOk(await t.api('GET', '/api/common/navigation', { token }));
    checkShape(nav);
    expect(summary(nav.default)).toEqual(USER_MENU);

    const admin = expectOk(await t.api('GET', '/api/common/navigation', { token: await t.adminToken() }));
    const adminById = new Map((admin.default as Item[]).map((i) => [i.id, i]));
    for (const item of nav.default as Item[]) expect(item.icon).toBe(adminById.get(item.id)!.icon);
  });

  it('goes out compressed to a client that accepts brotli or gzip, and whole to one that does not', async () => {
    const token = await t.adminToken();
    const plain = await t.api('GET', '/api/common/navigation', { token, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.api('GET', '/api/common/navigation', { token, headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.raw.rawPayload.length).toBeLessThan(plain.raw.rawPayload.length / 2);
      expect(JSON.parse(decode(res.raw.rawPayload).toString('utf8'))).toEqual(plain.body);
    }
  });

  it('answers 401 without a token', async () => {
    expectError(await t.api('GET', '/api/common/navigation'), 401, 'UNAUTHORIZED');
  });
});

describe('GET and PATCH api/common/user', () => {
  it('returns the signed-in user with default preferences', async () => {
    const { owner, token } = await t.ownerToken({ name: 'Jon Ander Etxeberria', company: 'Sidrería Etxe' });
    const user = expectOk(await t.api('GET', '/api/common/user', { token }));
    expect(user).toMatchObject({
      id: owner.id,
      email: owner.email,
      name: 'Jon Ander Etxeberria',
      first_name: 'Jon',
      company: 'Sidrería Etxe',
      status: 'online',
      role: 'user',
      plan: 'free',
      accountStatus: 'active',
      emailConfirmed: true,
      avatar: null,
      preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('updates name, status and company, and merges preferences, keeping them on the server', async () => {
    const { owner, token } = await t.ownerToken();
    let user = expectOk(
      await t.api('PATCH', '/api/common/user', { token, body: { user: { name: '  Ainhoa Sanz ', status: 'busy', company: 'Panadería Sanz' } } }),
    );
    expect(user).toMatchObject({ name: 'Ainhoa Sanz', first_name: 'Ainhoa', status: 'busy', company: 'Panadería Sanz' });

    user = expectOk(await t.api('PATCH', '/api/common/user', { token, body: { user: { preferences: { scheme: 'dark' } } } }));
    expect(user.preferences).toEqual({ language: 'en', scheme: 'dark', theme: 'theme-default', layout: 'classy' });
    user = expectOk(await t.api('PATCH', '/api/common/user', { token, body: { user: { preferences: { language: 'es', theme: 'theme-teal' } } } }));
    expect(user.preferences).toEqual({ language: 'es', scheme: 'dark', theme: 'theme-teal', layout: 'classy' });
    user = expectOk(await t.api('PATCH', '/api/common/user', { token, body: { user: { preferences: { layout: 'compact' }, company: null } } }));
    expect(user.preferences).toEqual({ language: 'es', scheme: 'dark', theme: 'theme-teal', layout: 'compact' });
    expect(user.company).toBeNull();

    // Another session of the same person sees it all.
    const again = await t.signIn(owner.email, owner.password);
    expect(again.user).toMatchObject({
      name: 'Ainhoa Sanz',
      status: 'busy',
      company: null,
      preferences: { language: 'es', scheme: 'dark', theme: 'theme-teal', layout: 'compact' },
    });
    for (const status of ['online', 'away', 'busy', 'not-visible']) {
      expect(expectOk(await t.api('PATCH', '/api/common/user', { token, body: { user: { status } } })).status).toBe(status);
    }
  });

  it('answers 400 to unknown fields and invalid values, ignores read-only ones, and writes nothing', async () => {
    const { owner, token } = await t.ownerToken();
    const before = await userRow(owner.id);
    const cases: [unknown, string[]][] = [
      [{ user: { password: 'Secret-Ledger-99' } }, ['user']],
      [{ user: { isAdmin: true } }, ['user']],
      [{ user: { name: 'Ok', passwordHash: 'x' } }, ['user']],
      [{ user: { status: 'sleeping' } }, ['user.status']],
      [{ user: { name: '' } }, ['user.name']],
      [{ user: { name: 'N'.repeat(121) } }, ['user.name']],
      [{ user: { preferences: { theme: 'theme-neon' } } }, ['user.preferences.theme']],
      [{ user: { preferences: { language: 'fr' } } }, ['user.preferences.language']],
      [{ name: 'Not wrapped' }, ['user']],
    ];
    for (const [body, paths] of cases) {
      const res = await t.api('PATCH', '/api/common/user', { token, body });
      expectError(res, 400, 'VALIDATION', { paths });
    }
    // The read-only fields of the user GET answers (the shell sends the whole user back) are ignored, never written.
    for (const user of [{ role: 'admin' }, { plan: 'pro' }, { email: 'x@example.com' }, { mfaEnabled: false, accountStatus: 'active', emailConfirmed: true }]) {
      expectOk(await t.api('PATCH', '/api/common/user', { token, body: { user } }));
    }
    const after = await userRow(owner.id);
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
    expect(after.role).toBe('user');
    expect(after.plan).toBe('free');
  });

  it('answers 401 without a token', async () => {
    expectError(await t.api('GET', '/api/common/user'), 401, 'UNAUTHORIZED');
    expectError(await t.api('PATCH', '/api/common/user', { body: { user: { name: 'X' } } }), 401, 'UNAUTHORIZED');
  });
});

describe('avatar', () => {
  it('stores a PNG and serves it at the user avatar URL; a new one bumps the URL; DELETE removes it', async () => {
    const { owner, token } = await t.ownerToken();
    const user = expectOk(await t.api('POST', '/api/common/user/avatar', { token, body: form('avatar', TINY_PNG, 'me.png', 'image/png') }));
    // Signed for its reader (test/pictures.test.ts walks who may see it): an <img> sends no bearer token.
    expect(user.avatar).toMatch(new RegExp(`^/api/avatars/${owner.id}\\?v=1&u=${owner.id}&exp=\\d+&sig=[\\w-]{43}$`));
    expect(user.profile_img_url).toBe(user.avatar);

    const img = await t.api('GET', user.avatar);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.raw.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(expectOk(await t.api('GET', '/api/common/user', { token })).avatar).toBe(user.avatar);

    // The file name and declared type do not matter; the bytes do.
    const second = expectOk(await t.api('POST', '/api/common/user/avatar', { token, body: form('file', TINY_PNG, 'photo.bin', 'application/octet-stream') }));
    expect(second.avatar).toMatch(new RegExp(`^/api/avatars/${owner.id}\\?v=2&`));

    const removed = expectOk(await t.api('DELETE', '/api/common/user/avatar', { token }));
    expect(removed.avatar).toBeNull();
    expectError(await t.api('GET', `/api/avatars/${owner.id}`), 404, 'NOT_FOUND');
    expect(await t.count(userAvatars, eq(userAvatars.userId, owner.id))).toBe(0);
  });

  it('accepts exactly 2 MB', async () => {
    const { token } = await t.ownerToken();
    const user = expectOk(await t.api('POST', '/api/common/user/avatar', { token, body: form('avatar', pngOfSize(2 * 1024 * 1024), 'big.png', 'image/png') }));
    expect(user.avatar).toMatch(/\?v=1&/);
  });

  it('answers 415 to a text file, 413 to more than 2 MB, 400 without a file, and keeps the avatar as it was', async () => {
    const { owner, token } = await t.ownerToken();
    expectError(
      await t.api('POST', '/api/common/user/avatar', { token, body: form('avatar', Buffer.from('hello, not an image\n'), 'notes.txt', 'text/plain') }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    // Declaring image/png does not make text an image.
    expectError(
      await t.api('POST', '/api/common/user/avatar', {
        token,
        body: form('avatar', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png'),
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await t.api('POST', '/api/common/user/avatar', { token, body: form('avatar', pngOfSize(2 * 1024 * 1024 + 1), 'big.png', 'image/png') }),
      413,
      'TOO_LARGE',
    );
    expectError(
      await t.api('POST', '/api/common/user/avatar', { token, body: form('avatar', pngOfSize(3 * 1024 * 1024), 'bigger.png', 'image/png') }),
      413,
      'TOO_LARGE',
    );

    const onlyText = new FormData();
    onlyText.append('note', 'no file here');
    expectError(await t.api('POST', '/api/common/user/avatar', { token, body: onlyText }), 400, 'VALIDATION', { paths: ['avatar'] });

    expect((await userRow(owner.id)).avatarVersion).toBeNull();
    expect(await t.count(userAvatars, eq(userAvatars.userId, owner.id))).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expectError(await t.api('POST', '/api/common/user/avatar', { body: form('avatar', TINY_PNG, 'me.png', 'image/png') }), 401, 'UNAUTHORIZED');
    expectError(await t.api('DELETE', '/api/common/user/avatar'), 401, 'UNAUTHORIZED');
  });
});

describe('plans', () => {
  it('lists the plans in order, in integer cents, with the free one marked', async () => {
    const { token } = await t.ownerToken();
    const body = expectOk(await t.api('GET', '/api/plans', { token }));
    expect(body.checkoutAvailable).toBe(false);
    expect(body.items.map((p: { id: string; priceCents: number; isFree: boolean; interval: string }) => [p.id, p.priceCents, p.isFree, p.interval])).toEqual([
      ['free', 0, true, 'month'],
      ['basic', 900, false, 'month'],
      ['pro', 1900, false, 'month'],
    ]);
    for (const p of body.items) {
      expect(p.name.length).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThan(0);
    }
    expectError(await t.api('GET', '/api/plans'), 401, 'UNAUTHORIZED');
  });
});
