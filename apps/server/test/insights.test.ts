import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZActivityList, ZAnalytics, ZCrypto } from '@cuadre/contracts';
import { auditLog, sessions } from '../src/db/schema/index.js';
import { sampleCrypto } from '../src/modules/insights/crypto-sample.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let salesId: string;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await t.bookkeeper();
  const cats = expectOk(await t.api('GET', '/api/categories', { token })).items as { id: string; kind: string }[];
  salesId = cats.find((c) => c.kind === 'income')!.id;
});
afterAll(async () => {
  await t?.close();
});

const income = async (token: string, description: string, date = '2026-01-10') =>
  expectOk(
    await t.api('POST', '/api/entries', { token, body: { type: 'income', date, amount: 1000, categoryId: salesId, paymentMethod: 'cash', description } }),
    201,
  ) as { id: string };
const activities = async (token: string, query: Record<string, number> = {}) =>
  ZActivityList.parse(expectOk(await t.api('GET', '/api/pages/activities', { token, query })));

describe('GET api/pages/activities', () => {
  it('lists real actions newest first, each with an in-app link: entries made and changed, a month closed, a sign-in from a new device', async () => {
    const { owner, token } = await t.bookkeeper({ name: 'Ana Activa' });
    const made = await income(token, 'Venta mostrador');
    expectOk(await t.api('PATCH', `/api/entries/${made.id}`, { token, body: { description: 'Venta revisada' } }));
    expectOk(await t.api('POST', '/api/tax-years/2025/months/3/close', { token }));
    // The same browser again is no news; another browser is.
    await t.signIn(owner.email, owner.password);
    await t.signIn(owner.email, owner.password, { headers: { 'user-agent': FIREFOX } });

    const list = await activities(token);
    expect(list.items.map((i) => [i.kind, i.description])).toEqual([
      ['device', 'New sign-in from <strong>Firefox · Linux</strong>'],
      ['month', 'You closed <strong>March 2025</strong>'],
      ['entry', 'You changed <strong>Venta revisada (2026-01-10)</strong>'],
      ['entry', 'You recorded <strong>Venta mostrador (2026-01-10)</strong>'],
      ['device', expect.stringMatching(/^New sign-in from <strong>/)],
    ]);
    expect(list.pagination).toEqual({ page: 1, size: 10, total: 5, lastPage: 1 });
    const [device, month, changed] = list.items;
    expect(device!.link).toBe('/usersettings');
    expect(month!.link).toBe('/user/monthdashboard?year=2025&month=3');
    expect(changed!.link).toBe('/user/dailyincome?year=2026&month=1&search=Venta+revisada');
    expect(changed!.id).toBe(
      (await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'update'))
        .then((r) => r.find(Boolean)))!.id,
    );
    for (const item of list.items) {
      expect(item.useRouter).toBe(true);
      expect(Date.parse(item.date)).not.toBeNaN();
    }
    const dates = list.items.map((i) => Date.parse(i.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    // Reopening the month reads as its latest change, and in the reader's language.
    expectOk(await t.api('POST', '/api/tax-years/2025/months/3/reopen', { token }));
    const es = ZActivityList.parse(expectOk(await t.api('GET', '/api/pages/activities', { token, headers: { 'x-language': 'es' } })));
    expect(es.items[0]!.description).toBe('Usted reabrió <strong>marzo de 2025</strong>');
  });

  it('takes a renewed token for the same sign-in, not a new device', async () => {
    const { owner, token } = await t.bookkeeper();
    const firefox = await t.signIn(owner.email, owner.password, { headers: { 'user-agent': FIREFOX } });
    const renewed = await t.api('POST', '/api/auth/sign-in-with-token', {
      body: { accessToken: firefox.accessToken },
      headers: { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15' },
    });
    expectOk(renewed);
    const list = await activities(token);
    expect(list.items.map((i) => i.description)).toEqual([
      'New sign-in from <strong>Firefox · Linux</strong>',
      expect.stringMatching(/^New sign-in from <strong>/),
    ]);
    expect(list.items.some((i) => i.description.includes('Safari'))).toBe(false);
  });

  it('pages without overlap and counts every item', async () => {
    const { token } = await t.bookkeeper();
    for (let i = 0; i < 12; i++) await income(token, `Venta ${i}`);
    const first = await activities(token, { page: 1, size: 10 });
    const second = await activities(token, { page: 2, size: 10 });
    // 12 entries and the first sign-in.
    expect(first.pagination).toEqual({ page: 1, size: 10, total: 13, lastPage: 2 });
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(3);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(13);
    expect(first.items[0]!.description).toContain('Venta 11');
    expect(second.items.at(-1)!.kind).toBe('device');
    expect((await activities(token, { page: 3, size: 10 })).items).toEqual([]);
  });

  it('escapes what users wrote, so a name can never become markup', async () => {
    const { token } = await t.bookkeeper();
    await income(token, '<img src=x onerror="alert(1)"> & <b>Tienda</b>');
    const [entry] = (await activities(token)).items;
    expect(entry!.description).toBe(
      'You recorded <strong>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;Tienda&lt;/b&gt; (2026-01-10)</strong>',
    );
    expect(entry!.description.replace(/<\/?strong>/g, '')).not.toMatch(/[<>]/);
  });

  it("never shows another owner's history", async () => {
    const a = await t.bookkeeper();
    const b = await t.bookkeeper();
    await income(a.token, 'Solo de A');
    const mine = await activities(a.token);
    const theirs = await activities(b.token);
    expect(mine.items.some((i) => i.description.includes('Solo de A'))).toBe(true);
    expect(theirs.items.map((i) => i.kind)).toEqual(['device']);
    expect(theirs.items.some((i) => mine.items.some((m) => m.id === i.id))).toBe(false);
  });

  it('refuses a bad page or size with 400, and nobody with 401', async () => {
    const { token } = await t.bookkeeper();
    expectError(await t.api('GET', '/api/pages/activities', { token, query: { page: 0 } }), 400, 'VALIDATION');
    expectError(await t.api('GET', '/api/pages/activities', { token, query: { size: 7 } }), 400, 'VALIDATION');
    expectError(await t.api('GET', '/api/pages/activities'), 401, 'UNAUTHORIZED');
  });
});

describe('GET api/dashboards/analytics', () => {
  it("shows an owner their own use: sessions, devices and entries per day, and nobody else's", async () => {
    const { owner, token } = await t.bookkeeper();
    const other = await t.bookkeeper();
    await income(token, 'Una');
    await income(token, 'Dos');
    await t.signIn(owner.email, owner.password, { headers: { 'user-agent': FIREFOX } });
    await income(other.token, 'Ajena');

    const a = ZAnalytics.parse(expectOk(await t.api('GET', '/api/dashboards/analytics', { token })));
    expect(a.scope).toBe('account');
    expect(a.to).toBe(today());
    expect(a.visits.labels).toHaveLength(30);
    expect(a.visits.labels.at(-1)).toBe(today());
    // Two sessions (the bookkeeper's and Firefox's), from two browsers, both new to the account.
    expect(a.visits.amount).toBe(2);
    expect(a.visits.series[0]!.data.at(-1)).toBe(2);
    expect(a.visitors.amount).toBe(2);
    expect(a.newVsReturning).toEqual({ uniqueVisitors: 2, labels: ['new', 'returning'], series: [2, 0] });
    // Two entries made, nothing else changed; the other owner's entry is not counted.
    expect(a.conversions.amount).toBe(2);
    expect(a.impressions.amount).toBe(2);
    expect(a.gender).toEqual({ known: false, uniqueVisitors: 0, labels: [], series: [] });
    expect(a.age).toEqual({ known: false, uniqueVisitors: 0, labels: [], series: [] });
    expect(a.language.series).toEqual([1]);
    expect(a.visitorsVsPageViews.ratio).toBe(1);
  });

  it('shows an administrator the whole service: sign-ups, active owners and sessions, changes, languages', async () => {
    const admin = await t.adminToken();
    const before = ZAnalytics.parse(expectOk(await t.api('GET', '/api/dashboards/analytics', { token: admin })));
    expect(before.scope).toBe('service');

    const { owner, token } = await t.bookkeeper();
    expectOk(await t.api('PATCH', '/api/settings', { token, body: { preferences: { language: 'tr' } } }));
    await income(token, 'Servicio');
    await t.signIn(owner.email, owner.password);

    const after = ZAnalytics.parse(expectOk(await t.api('GET', '/api/dashboards/analytics', { token: admin })));
    expect(after.conversions.amount - before.conversions.amount).toBe(1);
    expect(after.visits.amount - before.visits.amount).toBe(2);
    expect(after.visitors.amount - before.visitors.amount).toBe(1);
    expect(after.newVsReturning.series[0]! - before.newVsReturning.series[0]!).toBe(1);
    expect(after.impressions.amount - before.impressions.amount).toBe(1);
    const tr = (x: typeof after) => x.language.series[x.language.labels.indexOf('tr')] ?? 0;
    expect(tr(after) - tr(before)).toBe(1);
    // The administrator's own sessions are not the service's use.
    const adminSessions = await t.count(sessions);
    expect(after.visits.amount).toBeLessThan(adminSessions);
  });
});

describe('GET api/dashboards/crypto', () => {
  it('answers the sample shape, labelled as sample, the same within a minute and never fetched', async () => {
    const { token } = await t.bookkeeper();
    const c = ZCrypto.parse(expectOk(await t.api('GET', '/api/dashboards/crypto', { token })));
    expect(c.sample).toBe(true);
    expect(Object.keys(c.prices).sort()).toEqual(['bch', 'btc', 'eth', 'xrp']);
    expect(c.watchlist.map((w) => w.iso)).toEqual(['BTC', 'ETH', 'BCH', 'XRP']);
    for (const w of c.watchlist) expect(w.series[0]!.data).toHaveLength(20);
    const at = new Date('2026-11-26T08:00:10Z');
    expect(sampleCrypto(at)).toEqual(sampleCrypto(new Date('2026-11-26T08:00:50Z')));
    expect(sampleCrypto(at).btc.amount).not.toBe(sampleCrypto(new Date('2026-11-26T08:01:10Z')).btc.amount);
    const points = sampleCrypto(at).watchlist[0]!.series[0]!.data;
    expect(Date.parse(points.at(-1)!.x) - Date.parse(points[0]!.x)).toBe(19 * 60_000);
  });
});
