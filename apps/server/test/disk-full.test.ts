import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCategoryId } from '../src/db/default-chart.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { copyMigratedPglite } from './helpers/database.js';
import { expectOk } from './helpers/expect.js';
import { within } from './helpers/wait.js';

/**
 * The embedded database's disk full (issue 41), on a real small filesystem: a tmpfs mounted under
 * DATA_DIR (the tests run as root), holding the embedded database and the file store. Whatever
 * TEST_DB says, this app runs on PGlite with its files there (vitest.config.ts runs the file once);
 * PostgreSQL's own disk_full is disk-full-database.test.ts.
 */
const DISK_FULL = { statusCode: 507, code: 'STORAGE_FULL', message: "The server's disk is full; nothing was saved. Tell your administrator." };
const mountPoint = mkdtempSync(path.join(tmpdir(), 'cuadre-disk-full-'));
/** Why the suite cannot run here, or undefined once the tmpfs is mounted. */
let cannot: string | undefined;
let t: TestApp | undefined;
const filler = path.join(mountPoint, 'filler');

/** Fills the filesystem to its last block (1 MiB writes, then 4 KiB ones). */
function fill() {
  const fd = openSync(filler, 'a');
  try {
    for (const size of [1 << 20, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  if (process.getuid?.() !== 0) {
    cannot = 'needs root to mount a tmpfs (run the tests as root)';
    return;
  }
  // The migrated embedded database is 42 MB (a 16 MB write-ahead log segment among it): room for it and a little more.
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=72m', 'tmpfs', mountPoint], { encoding: 'utf8' });
  if (mount.status !== 0) {
    cannot = `mount -t tmpfs failed: ${(mount.stderr || mount.error?.message || '').trim()}`;
    return;
  }
  copyMigratedPglite(mountPoint);
  t = await createTestApp({}, { store: { env: { DATA_DIR: mountPoint, DATABASE_URL: '' }, drop: async () => undefined } });
});

afterAll(async () => {
  rmSync(filler, { force: true });
  await t?.close();
  if (!cannot) spawnSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe('the embedded database’s disk full', () => {
  it('writes answer 507 STORAGE_FULL and leave nothing, reads answer 200, readiness says so, the administrators are told once, and writing works again once there is room', async (ctx) => {
    if (cannot || !t) return ctx.skip(cannot);
    const { owner, token } = await t.bookkeeper();
    const adminToken = await t.adminToken();
    const ventas = defaultCategoryId('Ventas');
    // 200 lines (more than a page of the table): each batch needs new room on the disk.
    const batch = (ref: string) =>
      t!.api('POST', '/api/entries/batch', {
        token,
        body: { entries: Array.from({ length: 200 }, (_, i) => ({ type: 'income', date: '2026-05-02', amount: 500 + i, categoryId: ventas, reference: ref })) },
      });
    const form = (text: string) => {
      const f = new FormData();
      f.append('file', new Blob([Buffer.from(`%PDF-1.4\n${text}\n%%EOF`)], { type: 'application/pdf' }), `${text}.pdf`);
      return f;
    };
    const upload = (text: string) => t!.api('POST', '/api/apps/file-manager/upload', { token, body: form(text), query: { folderId: 'null' } });
    const entriesRead = async () => expectOk(await t!.api('GET', '/api/entries', { token, query: { size: 10 } }));
    const storedFiles = () => readdirSync(path.join(mountPoint, 'attachments', owner.id));
    const diskNotices = async () =>
      (expectOk(await t!.api('GET', '/api/common/notifications', { token: adminToken })) as { title: string }[]).filter(
        (n) => n.title === "The server's disk is full",
      );

    // Acknowledged before the disk fills: these must be there at the end.
    expectOk(await batch('before'), 201);
    expectOk(await upload('before'), 201);
    expect(storedFiles()).toHaveLength(1);
    const before = (await entriesRead()).totals;
    expect(before.count).toBe(200);

    fill();
    const seen: { status: number; ms: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const t0 = Date.now();
      const res = await batch(`full-${i}`);
      seen.push({ status: res.status, ms: Date.now() - t0 });
      expect(res.body, `batch ${i}`).toEqual(DISK_FULL);
      // Reads go on.
      expect((await entriesRead()).totals).toEqual(before);
    }
    // An upload into the file store: 507 as well, and no part of the file stays on the disk.
    const refused = await upload('during');
    expect(refused.body).toEqual(DISK_FULL);
    expect(storedFiles()).toHaveLength(1);
    expectOk(await t.api('GET', '/api/apps/file-manager', { token, query: { folderId: 'null' } }));
    // Liveness answers; readiness says the disk is full, the database is there.
    expectOk(await t.api('GET', '/api/health'));
    const ready = await t.api('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      disk: 'full',
      code: 'SERVICE_UNAVAILABLE',
      message: "Not ready: the server's disk is full",
    });

    // Room again: writing works without a restart, and readiness sees it by itself.
    rmSync(filler);
    const t0 = Date.now();
    expect((await t.api('GET', '/api/health/ready')).body).toMatchObject({ status: 'ok', disk: 'ok' });
    expectOk(await batch('after'), 201);
    const backMs = Date.now() - t0;
    expectOk(await upload('after'), 201);
    expect(storedFiles()).toHaveLength(2);
    const after = (await entriesRead()).totals;
    expect(after.count).toBe(400);
    // One notification for the episode, not one per refused write (it needed room too: it went out once there was some).
    await within(10_000, async () => (await diskNotices()).length > 0, 'the administrators told');
    expect(await diskNotices()).toHaveLength(1);

    const statuses = [...new Set(seen.map((s) => s.status))];
    console.log(
      `disk full (PGlite on a 72 MB tmpfs): ${seen.length} batch writes answered ${statuses.join('/')}, slowest ${Math.max(...seen.map((s) => s.ms))} ms; ` +
        `upload ${refused.status}; writes 201 again ${backMs} ms after room was made; entries ${before.count} before, ${after.count} after (nothing lost)`,
    );
  });
});
