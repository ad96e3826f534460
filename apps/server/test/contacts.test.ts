import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts, entries } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let owner: string;
let other: string;
let salesId: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = owner, headers?: Record<string, string>) => t.api(method, url, { token, body, headers });
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const avatarForm = (id: string, data: Buffer, name = 'face.png') => {
  const f = new FormData();
  f.append('id', id);
  f.append('avatar', new Blob([data]), name);
  return f;
};
const newContact = async (name: string, token = owner) => {
  const c = expectOk(await api('POST', '/api/apps/contacts/contact', undefined, token));
  return expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { name } }, token));
};
const income = (body: Record<string, unknown>, token = owner) =>
  api('POST', '/api/entries', { type: 'income', date: '2026-01-10', amount: 1000, categoryId: salesId, paymentMethod: 'cash', ...body }, token);

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.bookkeeper({ name: 'Lucía Prado' })).token;
  other = (await t.bookkeeper({ name: 'Otro Dueño' })).token;
  const cats = expectOk(await api('GET', '/api/categories')).items as { id: string; kind: string }[];
  salesId = cats.find((c) => c.kind === 'income')!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('contacts: the calls', () => {
  it('starts a new account with none, creates "New Contact" empty and answers it', async () => {
    const fresh = (await t.ownerToken()).token;
    expect(expectOk(await api('GET', '/api/apps/contacts/all', undefined, fresh))).toEqual([]);
    const c = expectOk(await api('POST', '/api/apps/contacts/contact', undefined, fresh));
    expect(c).toEqual({
      id: expect.any(String),
      avatar: null,
      background: null,
      name: 'New Contact',
      emails: [],
      phoneNumbers: [],
      title: '',
      company: '',
      job: { title: '', company: '' },
      birthday: null,
      address: '',
      notes: '',
      tags: [],
    });
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${c.id}`, undefined, fresh))).toEqual(c);
  });

  it('merges a PATCH: fields left out stay; answers the updated card; birthday at 12:00 UTC', async () => {
    const c = await newContact('Ana Ruiz');
    const a = expectOk(
      await api('PATCH', '/api/apps/contacts/contact', {
        id: c.id,
        contact: {
          company: 'Panadería Sol',
          emails: [{ email: 'ANA@example.com ', label: 'work' }],
          phoneNumbers: [{ country: 'es', phoneNumber: '612 345 678', label: 'mobile' }],
          birthday: '1988-04-02',
        },
      }),
    );
    expect(a).toMatchObject({
      name: 'Ana Ruiz',
      company: 'Panadería Sol',
      emails: [{ email: 'ana@example.com', label: 'work' }],
      phoneNumbers: [{ country: 'ES', phoneNumber: '612 345 678', label: 'mobile' }],
      birthday: '1988-04-02T12:00:00.000Z',
    });
    const b = expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { title: 'Owner', birthday: '1988-04-03T12:00:00.000Z' } }));
    expect(b).toMatchObject({ name: 'Ana Ruiz', company: 'Panadería Sol', title: 'Owner', birthday: '1988-04-03T12:00:00.000Z' });
    expect(b.emails).toHaveLength(1);
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${c.id}`))).toEqual(b);
  });

  it('refuses a bad phone number for its country, an unknown field and an empty name, writing nothing', async () => {
    const c = await newContact('Bruno Díaz');
    expectError(
      await api('PATCH', '/api/apps/contacts/contact', {
        id: c.id,
        contact: { company: 'X', phoneNumbers: [{ country: 'US', phoneNumber: '12', label: '' }] },
      }),
      400,
      'VALIDATION',
      { paths: ['contact.phoneNumbers.0.phoneNumber'] },
    );
    expectError(
      await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { phoneNumbers: [{ country: 'ZZ', phoneNumber: '555 0100', label: '' }] } }),
      400,
      'VALIDATION',
    );
    expectError(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { colour: 'red' } }), 400, 'VALIDATION');
    expectError(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { name: '  ' } }), 400, 'VALIDATION');
    expectError(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { emails: [{ email: 'not-an-email', label: '' }] } }), 400, 'VALIDATION');
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${c.id}`))).toMatchObject({ company: '', phoneNumbers: [] });
    expectOk(
      await api('PATCH', '/api/apps/contacts/contact', {
        id: c.id,
        contact: { phoneNumbers: [{ country: 'US', phoneNumber: '(201) 555-0123', label: 'work' }] },
      }),
    );
  });

  it('sanitises the notes HTML on the server', async () => {
    const c = await newContact('Carla Soto');
    const n = expectOk(
      await api('PATCH', '/api/apps/contacts/contact', {
        id: c.id,
        contact: {
          notes:
            '<p onclick="x()">Likes <b>bread</b><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a> <a href="https://a.example">site</a></p>',
        },
      }),
    );
    expect(n.notes).toBe(
      '<p>Likes <b>bread</b> <a rel="noopener noreferrer nofollow">x</a> <a href="https://a.example" rel="noopener noreferrer nofollow">site</a></p>',
    );
  });

  it('lists all sorted by name with a locale comparison, and searches by name in any case', async () => {
    const fresh = (await t.ownerToken()).token;
    for (const name of ['zoe', 'Álvaro', 'beatriz', 'Zacarías', 'Ángela']) await newContact(name, fresh);
    const all = expectOk(await api('GET', '/api/apps/contacts/all', undefined, fresh)).map((c: { name: string }) => c.name);
    expect(all).toEqual(['Álvaro', 'Ángela', 'beatriz', 'Zacarías', 'zoe']);
    const found = expectOk(await api('GET', '/api/apps/contacts/search?query=ACA', undefined, fresh)).map((c: { name: string }) => c.name);
    expect(found).toEqual(['Zacarías']);
    expect(expectOk(await api('GET', '/api/apps/contacts/search?query=%25', undefined, fresh))).toEqual([]);
    expect(expectOk(await api('GET', '/api/apps/contacts/search?query=', undefined, fresh))).toHaveLength(5);
  });

  it('deletes, answering true; then 404', async () => {
    const c = await newContact('Dora');
    expect(expectOk(await api('DELETE', `/api/apps/contacts/contact?id=${c.id}`))).toBe(true);
    expectError(await api('GET', `/api/apps/contacts/contact?id=${c.id}`), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/apps/contacts/contact?id=${c.id}`), 404, 'NOT_FOUND');
  });
});

describe('contacts: countries', () => {
  it('answers about 240 countries with stable uuids, dial codes and names in the reader language, alphabetical', async () => {
    const en = expectOk(await api('GET', '/api/apps/contacts/countries'));
    expect(en.length).toBeGreaterThan(230);
    const af = en.find((c: { iso: string }) => c.iso === 'AF');
    expect(af).toMatchObject({ iso: 'AF', name: 'Afghanistan', code: '+93', flagImagePos: expect.any(String) });
    expect(af.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(en.find((c: { iso: string }) => c.iso === 'US').code).toBe('+1');
    const names = en.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    const es = expectOk(await api('GET', '/api/apps/contacts/countries', undefined, owner, { 'x-language': 'es' }));
    expect(es.find((c: { iso: string }) => c.iso === 'DE')).toMatchObject({ name: 'Alemania', id: en.find((c: { iso: string }) => c.iso === 'DE').id });
    const tr = expectOk(await api('GET', '/api/apps/contacts/countries', undefined, owner, { 'x-language': 'tr' }));
    expect(tr.find((c: { iso: string }) => c.iso === 'DE').name).toBe('Almanya');
  });
});

describe('contacts: tags', () => {
  it('creates, renames, lists; a deleted tag leaves every contact that had it', async () => {
    const vip = expectOk(await api('POST', '/api/apps/contacts/tag', { tag: { title: 'VIP' } }));
    const wholesale = expectOk(await api('POST', '/api/apps/contacts/tag', { tag: { title: 'Wholesale' } }));
    expect(expectOk(await api('PATCH', '/api/apps/contacts/tag', { id: vip.id, tag: { title: 'Best' } }))).toEqual({ id: vip.id, title: 'Best' });
    expect(expectOk(await api('GET', '/api/apps/contacts/tags'))).toEqual(expect.arrayContaining([{ id: vip.id, title: 'Best' }, wholesale]));
    const a = await newContact('Elena');
    const b = await newContact('Fabio');
    expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: a.id, contact: { tags: [vip.id, wholesale.id] } }));
    expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: b.id, contact: { tags: [vip.id] } }));
    expect(expectOk(await api('DELETE', `/api/apps/contacts/tag?id=${vip.id}`))).toBe(true);
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${a.id}`)).tags).toEqual([wholesale.id]);
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${b.id}`)).tags).toEqual([]);
    expect(expectOk(await api('GET', '/api/apps/contacts/tags')).map((x: { id: string }) => x.id)).not.toContain(vip.id);
    expectError(await api('DELETE', `/api/apps/contacts/tag?id=${vip.id}`), 404, 'NOT_FOUND');
  });

  it("refuses a tag that is not the owner's on a card", async () => {
    const theirs = expectOk(await api('POST', '/api/apps/contacts/tag', { tag: { title: 'Theirs' } }, other));
    const c = await newContact('Gema');
    expectError(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { tags: [theirs.id] } }), 400, 'VALIDATION', {
      paths: ['contact.tags.0'],
    });
    expectError(await api('PATCH', '/api/apps/contacts/tag', { id: theirs.id, tag: { title: 'Mine now' } }), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/apps/contacts/tag?id=${theirs.id}`), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/apps/contacts/tag', { tag: { title: '' } }), 400, 'VALIDATION');
  });
});

describe('contacts: avatar', () => {
  it('takes an image checked by its bytes, keeps it in the file store and serves it by URL', async () => {
    const c = await newContact('Hugo');
    const res = expectOk(await t.api('POST', '/api/apps/contacts/avatar', { token: owner, body: avatarForm(c.id, png) }));
    // Signed for its owner (test/pictures.test.ts walks who may see it): an <img> sends no bearer token.
    expect(res.avatar).toMatch(/^\/api\/apps\/contacts\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?u=[0-9a-f-]{36}&exp=\d+&sig=[\w-]{43}$/);
    const img = await t.api('GET', res.avatar);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.raw.rawPayload.equals(png)).toBe(true);
    // A second one replaces the first, whose file goes.
    const again = expectOk(await t.api('POST', '/api/apps/contacts/avatar', { token: owner, body: avatarForm(c.id, png, 'b.png') }));
    expect(again.avatar).not.toBe(res.avatar);
    expect((await t.api('GET', res.avatar)).status).toBe(404);
    // Deleting the contact removes its avatar.
    expectOk(await api('DELETE', `/api/apps/contacts/contact?id=${c.id}`));
    expect((await t.api('GET', again.avatar)).status).toBe(404);
  });

  it('refuses what is not an image by its bytes (whatever its name), a PDF, and no id; writes nothing', async () => {
    const c = await newContact('Inés');
    expectError(
      await t.api('POST', '/api/apps/contacts/avatar', { token: owner, body: avatarForm(c.id, Buffer.from('<svg onload=alert(1)/>'), 'x.png') }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await t.api('POST', '/api/apps/contacts/avatar', { token: owner, body: avatarForm(c.id, Buffer.from('%PDF-1.4 hello'), 'x.png') }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const noId = new FormData();
    noId.append('avatar', new Blob([png]), 'a.png');
    expectError(await t.api('POST', '/api/apps/contacts/avatar', { token: owner, body: noId }), 400, 'VALIDATION');
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${c.id}`)).avatar).toBeNull();
    expectError(await t.api('POST', '/api/apps/contacts/avatar', { token: other, body: avatarForm(c.id, png) }), 404, 'NOT_FOUND');
  });
});

describe('contacts: isolation', () => {
  it("never shows or changes another owner's contact", async () => {
    const mine = await newContact('Julia Privada');
    for (const [m, url, body] of [
      ['GET', `/api/apps/contacts/contact?id=${mine.id}`],
      ['PATCH', '/api/apps/contacts/contact', { id: mine.id, contact: { name: 'Stolen' } }],
      ['DELETE', `/api/apps/contacts/contact?id=${mine.id}`],
      ['GET', `/api/apps/contacts/purchases?id=${mine.id}`],
    ] as [Method, string, unknown?][])
      expectError(await api(m, url, body, other), 404, 'NOT_FOUND');
    expect(expectOk(await api('GET', '/api/apps/contacts/all', undefined, other)).map((c: { id: string }) => c.id)).not.toContain(mine.id);
    expect(expectOk(await api('GET', '/api/apps/contacts/search?query=Privada', undefined, other))).toEqual([]);
    const search = expectOk(await api('POST', '/api/common/search', { query: 'Privada' }, other));
    expect(search.find((s: { id: string }) => s.id === 'contacts')).toBeUndefined();
    expect(expectOk(await api('GET', `/api/apps/contacts/contact?id=${mine.id}`)).name).toBe('Julia Privada');
    expectError(await t.api('GET', '/api/apps/contacts/all'), 401, 'UNAUTHORIZED');
  });
});

describe('contacts: the customer of an income entry', () => {
  it('names a contact on income; shows what they bought, the year total and the last date; another owner\'s id is "no such contact"', async () => {
    const c = await newContact('Karla Compradora');
    const year = new Date().getUTCFullYear();
    const e1 = expectOk(await income({ contactId: c.id, amount: 2550, date: `${year}-01-15`, description: 'Cake' }), 201);
    expect(e1).toMatchObject({ contactId: c.id, contactName: 'Karla Compradora' });
    const e2 = expectOk(await income({ contactId: c.id, amount: 1000, date: `${year}-02-20` }), 201);
    expectOk(await income({ contactId: c.id, amount: 99999, date: `${year - 1}-12-31` }), 201);
    expectOk(await income({ amount: 777, date: `${year}-02-21` }), 201);
    const p = expectOk(await api('GET', `/api/apps/contacts/purchases?id=${c.id}`));
    expect(p).toMatchObject({ count: 3, yearTotal: 3550, year, lastDate: `${year}-02-20` });
    expect(p.items.map((i: { id: string }) => i.id).slice(0, 2)).toEqual([e2.id, e1.id]);
    expect(p.items[1]).toMatchObject({ amount: 2550, description: 'Cake', categoryName: expect.any(String) });
    // The list filters by contact.
    const listed = expectOk(await api('GET', `/api/entries?contactId=${c.id}`));
    expect(listed.totals).toEqual({ amount: 2550 + 1000 + 99999, count: 3 });

    const theirs = await newContact('Ajena', other);
    const refused = await income({ contactId: theirs.id });
    expectError(refused, 400, 'VALIDATION', { paths: ['contactId'] });
    expect(refused.body.details[0].message).toBe('No such contact');
    expectError(await api('PATCH', `/api/entries/${e1.id}`, { contactId: theirs.id }), 400, 'VALIDATION', { paths: ['contactId'] });
    expectError(
      await api('POST', '/api/entries', { type: 'expense', date: `${year}-01-10`, amount: 100, categoryId: salesId, contactId: c.id }),
      400,
      'VALIDATION',
    );
    // Unnamed by a PATCH.
    expect(expectOk(await api('PATCH', `/api/entries/${e2.id}`, { contactId: null })).contactId).toBeNull();
  });

  it('a deleted contact leaves its entries, naming no one', async () => {
    const c = await newContact('Luis Efímero');
    const e = expectOk(await income({ contactId: c.id }), 201);
    expectOk(await api('DELETE', `/api/apps/contacts/contact?id=${c.id}`));
    const after = expectOk(await api('GET', `/api/entries/${e.id}`));
    expect(after).toMatchObject({ id: e.id, contactId: null, contactName: null });
    const [row] = await t.db.select().from(entries).where(eq(entries.id, e.id));
    expect(row!.contactId).toBeNull();
    expect(await t.count(contacts, eq(contacts.id, c.id))).toBe(0);
  });
});

describe('contacts in the search box', () => {
  it('groups contacts first, linking to /apps/contacts/{id}', async () => {
    const c = await newContact('Marisol Buscada');
    expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { company: 'Café Luna' } }));
    const sets = expectOk(await api('POST', '/api/common/search', { query: 'marisol' }));
    expect(sets[0]).toEqual({
      id: 'contacts',
      label: 'Contacts',
      results: [
        { link: `/apps/contacts/${c.id}`, title: 'Marisol Buscada', subtitle: 'Café Luna', value: 'Marisol Buscada', name: 'Marisol Buscada', avatar: null },
      ],
    });
    const es = expectOk(await api('POST', '/api/common/search', { query: 'marisol' }, owner, { 'x-language': 'es' }));
    expect(es[0].label).toBe('Contactos');
  });
});
