import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCategoryId } from '../src/db/default-chart.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk } from './helpers/expect.js';
import { within } from './helpers/wait.js';

/**
 * The database's own disk_full (SQLSTATE 53100), as PostgreSQL raises it when it cannot extend a file
 * (and PGlite when its file layer meets ENOSPC): here raised by the database itself, from a trigger on
 * the entries, on both databases. The real full disk is disk-full.test.ts.
 */
const DISK_FULL = { statusCode: 507, code: 'STORAGE_FULL', message: "The server's disk is full; nothing was saved. Tell your administrator." };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const diskFullOn = async () => {
  await t.db.execute(
    sql.raw(`create or replace function cuadre_test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/16384/16385": No space left on device' using errcode = 'disk_full';
      end $$`),
  );
  await t.db.execute(sql.raw('create trigger cuadre_test_disk_full before insert on entries for each row execute function cuadre_test_disk_full()'));
};
const diskFullOff = () => t.db.execute(sql.raw('drop trigger cuadre_test_disk_full on entries'));

describe('the database’s disk_full (53100)', () => {
  it('answers 507 STORAGE_FULL, reads go on, the administrators are told once per episode, and writing works again by itself', async () => {
    const { token } = await t.bookkeeper();
    const adminToken = await t.adminToken();
    const ventas = defaultCategoryId('Ventas');
    const batch = (ref: string) =>
      t.api('POST', '/api/entries/batch', {
        token,
        body: { entries: Array.from({ length: 20 }, (_, i) => ({ type: 'income', date: '2026-05-03', amount: 700 + i, categoryId: ventas, reference: ref })) },
      });
    const count = async () => expectOk(await t.api('GET', '/api/entries', { token, query: { size: 10 } })).totals.count as number;
    const notices = async () =>
      (expectOk(await t.api('GET', '/api/common/notifications', { token: adminToken })) as { title: string; read: boolean }[]).filter(
        (n) => n.title === "The server's disk is full",
      );

    expectOk(await batch('before'), 201);
    await diskFullOn();
    try {
      expect((await batch('first')).body).toEqual(DISK_FULL);
      // The administrators are told while it lasts (the notification needs no room in the entries); one reads it.
      await within(10_000, async () => (await notices()).length === 1, 'the administrators told');
      expectOk(await t.api('GET', '/api/common/notifications/mark-all-as-read', { token: adminToken }));
      for (let i = 0; i < 5; i++) {
        expect((await batch(`full-${i}`)).body).toEqual(DISK_FULL);
        expect(await count()).toBe(20);
      }
      expect((await t.api('POST', '/api/entries', { token, body: { type: 'income', date: '2026-05-03', amount: 1, categoryId: ventas } })).body).toEqual(
        DISK_FULL,
      );
      // Not one notification per refused write: the same one, still read.
      expect(await notices()).toEqual([expect.objectContaining({ read: true })]);
      // Readiness looks for room itself (a table of about 1 MB, rolled back): this disk has room, so it is ready.
      expect(expectOk(await t.api('GET', '/api/health/ready'))).toMatchObject({ status: 'ok', disk: 'ok' });
    } finally {
      await diskFullOff();
    }
    expectOk(await batch('after'), 201);
    expect(await count()).toBe(40);

    // A later episode brings the same notification back, unread, rather than a second one.
    await diskFullOn();
    try {
      expect((await batch('again')).body).toEqual(DISK_FULL);
      await within(10_000, async () => (await notices()).some((n) => !n.read), 'the administrators told again');
      expect(await notices()).toHaveLength(1);
    } finally {
      await diskFullOff();
    }
    expectOk(await batch('last'), 201);
    expect(await count()).toBe(60);
  });
});
