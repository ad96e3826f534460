import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entries, users } from '../src/db/schema/index.js';
import { seedDemo } from '../src/cli/seed-demo.js';
import { CommandError, backupCommand, restoreCommand, type Target } from '../src/modules/backup/commands.js';
import { createTestApp, testEnv, ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from './helpers/app.js';
import { createPostgresDatabase, createTestStore, tempDir, usingPostgres, type TestStore } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';
import { PROCESS_START_MS, serverProcessArgs } from './helpers/server-process.js';

/**
 * How long a run of the backup or restore command (tsx on the sources, as `npm run` runs it) may take
 * before it counts as hung: at a load of 30 on 2 cores a restore took over two minutes. The tests
 * that run the command allow for two runs (and a server's start: helpers/server-process.ts).
 */
const CLI_MS = 240_000;

const repo = path.resolve(import.meta.dirname, '../../..');
const DEMO = { email: 'demo@backup.test', password: 'Demo-Backup-Books-2026' };
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});

/** An archive's entries by name. */
async function unpack(archive: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const extract = tar.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const chunk of entry) parts.push(chunk as Buffer);
    out.set(entry.header.name, Buffer.concat(parts));
  }
  return out;
}

async function repack(files: Map<string, Buffer>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, body] of files) pack.entry({ name }, body);
  pack.finalize();
  const parts: Buffer[] = [];
  for await (const chunk of pack) parts.push(chunk as Buffer);
  return gzipSync(Buffer.concat(parts));
}

const tablesOf = (files: Map<string, Buffer>) =>
  Object.fromEntries([...files].filter(([name]) => name.startsWith('tables/')).map(([name, body]) => [name, body.toString('utf8')]));

/** Every file under a folder, by relative path. */
function filesUnder(dir: string, prefix = ''): Record<string, Buffer> {
  if (!existsSync(dir)) return {};
  const out: Record<string, Buffer> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, filesUnder(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(full);
  }
  return out;
}

async function expectRefused(promise: Promise<unknown>, pattern: RegExp) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CommandError);
  expect((err as Error).message).toMatch(pattern);
  expect((err as Error).message).toMatch(/Nothing was restored\.$/);
}

/** The other kind of database: an embedded folder after PostgreSQL; PostgreSQL after PGlite when a server answers (CI has one), else a second folder. */
async function otherKindTarget(): Promise<{ target: Target; store: TestStore }> {
  if (!usingPostgres && process.env.DATABASE_URL) {
    const db = await createPostgresDatabase();
    const dataDir = tempDir();
    const store: TestStore = { env: { DATA_DIR: dataDir, DATABASE_URL: db.url }, drop: () => db.drop() };
    return { target: { dataDir, databaseUrl: db.url }, store };
  }
  const dataDir = tempDir();
  const store: TestStore = { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  return { target: { dataDir }, store };
}

/** What an owner and an administrator read through the API: must be the same before and after. */
async function answers(t: TestApp) {
  const { accessToken: token } = await t.signIn(DEMO.email, DEMO.password);
  const get = async (url: string) => expectOk(await t.api('GET', url, { token }));
  const years = await get('/api/tax-years');
  const year = years[0].year as number;
  const summary = await get(`/api/reports/month-summary?year=${year}&month=1`);
  const list = await get(`/api/entries?from=${year}-01-01&to=${year}-12-31&size=50&sort=amount`);
  const trips = await get(`/api/trips?from=${year}-01-01&to=${year}-12-31&size=50`);
  const months = await get(`/api/tax-years/${year}/months`);
  const settings = await get('/api/settings');
  const user = await get('/api/common/user');
  return { years, summary, list, trips, months, settings, user: { ...user, lastActiveAt: undefined } };
}

describe(`backup and restore (${usingPostgres ? 'PostgreSQL' : 'PGlite'} first)`, () => {
  it('round-trips every table, every file and every report: backed up, restored into the other database, backed up again and restored anew', async () => {
    // The source: a year of books (every kind of entry, receipts, trips across a rate change, a closed
    // month), plus an avatar, preferences and an owner's own subcategory.
    const source = await createTestStore({ persistent: true });
    cleanups.push(() => source.drop());
    await seedDemo({ ...DEMO, now: new Date(Date.UTC(2026, 2, 20)), log: () => undefined, env: testEnv(source) });
    const a = await createTestApp({}, { store: source });
    const { accessToken: token } = await a.signIn(DEMO.email, DEMO.password);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f8f1b20000000049454e44ae426082',
      'hex',
    );
    const form = new FormData();
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
    expect((await a.api('POST', '/api/common/user/avatar', { token, body: form })).status).toBeLessThan(300);
    // A customer's avatar too: kept in the same file store, so the archive carries it.
    const customer = expectOk(await a.api('GET', '/api/apps/contacts/all', { token }))[0];
    const avatarForm = new FormData();
    avatarForm.append('id', customer.id);
    avatarForm.append('avatar', new Blob([png], { type: 'image/png' }), 'customer.png');
    const customerAvatar = expectOk(await a.api('POST', '/api/apps/contacts/avatar', { token, body: avatarForm })).avatar as string;
    expectOk(await a.api('PATCH', '/api/settings', { token, body: { preferences: { language: 'es' } } }));
    const categories = expectOk(await a.api('GET', '/api/categories', { token })).items as { id: string; kind: string }[];
    expectOk(
      await a.api('POST', '/api/subcategories', { token, body: { categoryId: categories.find((c) => c.kind === 'expense')!.id, name: 'Mi propia' } }),
      201,
    );
    const before = await answers(a);
    const first = path.join(tempDir(), 'first.tar.gz');
    const firstArchive = Buffer.from((await a.api('GET', '/api/admin/backup', { token: await a.adminToken() })).raw.rawPayload);
    writeFileSync(first, firstArchive);
    const sourceFiles = filesUnder(path.join(source.env.DATA_DIR, 'attachments'));
    await a.close();
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(0);

    const one = await unpack(firstArchive);
    const manifest = JSON.parse(one.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({
      format: 1,
      app: 'cuadre',
      database: usingPostgres ? 'postgres' : 'pglite',
      migration: { tag: expect.stringMatching(/^\d{4}_/) },
    });
    expect(manifest.notCarried).toEqual(expect.arrayContaining(['sessions', 'auth_tokens', 'outbox', 'mail_jobs']));
    const counted = Object.fromEntries(manifest.tables.map((t: { name: string; rows: number }) => [t.name, t.rows]));
    for (const table of [
      'users',
      'user_avatars',
      'entries',
      'attachments',
      'trips',
      'tax_months',
      'audit_log',
      'workers',
      'providers',
      'vehicles',
      'products',
      'subcategories',
      'file_items',
      'contacts',
      'contact_tags',
      'mails',
      'mail_attachments',
      'mail_labels',
    ]) {
      expect(counted[table], table).toBeGreaterThan(0);
    }
    expect(counted.sessions).toBeUndefined();
    expect(Object.keys(one).some((n) => n.includes('sessions'))).toBe(false);
    expect(manifest.files.map((f: { path: string }) => f.path).sort()).toEqual(
      Object.keys(sourceFiles)
        .map((k) => `attachments/${k}`)
        .sort(),
    );
    // Money stays integer cents; timestamps carry their zone.
    const entry = JSON.parse(one.get('tables/entries.jsonl')!.toString().split('\n')[0]!);
    expect(Number.isInteger(entry.amount)).toBe(true);
    expect(entry.created_at).toMatch(/T\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);

    // Into the other kind of database, then out again.
    const middle = await otherKindTarget();
    cleanups.push(() => middle.store.drop());
    const restored = await restoreCommand(middle.target, first);
    expect(restored.rows).toBe(manifest.tables.reduce((n: number, t: { rows: number }) => n + t.rows, 0));
    expect(restored.files).toBe(manifest.files.length);
    const second = path.join(tempDir(), 'second.tar.gz');
    await backupCommand(middle.target, second);
    const two = await unpack(readFileSync(second));
    expect(tablesOf(two)).toEqual(tablesOf(one));

    // And into a new embedded folder: the same rows, the same files, the same answers.
    const last = await createTestStore({ persistent: true, empty: true });
    cleanups.push(() => last.drop());
    const lastTarget = { dataDir: last.env.DATA_DIR, databaseUrl: last.env.DATABASE_URL || undefined };
    await restoreCommand(lastTarget, second);
    expect(filesUnder(path.join(last.env.DATA_DIR, 'attachments'))).toEqual(sourceFiles);
    const c = await createTestApp({}, { store: last });
    cleanups.push(() => c.close());
    const three = await unpack(Buffer.from((await c.api('GET', '/api/admin/backup', { token: await c.adminToken() })).raw.rawPayload));
    // The same rows, but for the sign-ins made on the restored instance (an account's last activity).
    const signedIn = (tables: Record<string, string>) => ({
      ...tables,
      'tables/users.jsonl': tables['tables/users.jsonl']!.replace(/"last_active_at":"[^"]*"/g, ''),
    });
    expect(signedIn(tablesOf(three))).toEqual(signedIn(tablesOf(one)));
    expect(await answers(c)).toEqual(before);
    // Sessions were not carried: the owner signed in anew above with their own password; a receipt reads back.
    const { accessToken: again } = await c.signIn(DEMO.email, DEMO.password);
    const withReceipt = expectOk(
      await c.api('GET', '/api/entries', {
        token: again,
        query: { size: 50, sort: 'amount', from: `${before.years[0].year}-01-01`, to: `${before.years[0].year}-12-31` },
      }),
    ).items.find((e: { attachments: unknown[] }) => e.attachments.length);
    const receipt = await c.api('GET', `/api/attachments/${withReceipt.attachments[0].id}`, { token: again });
    expect(receipt.status).toBe(200);
    expect(receipt.raw.rawPayload.length).toBe(withReceipt.attachments[0].size);
    // The file manager's files travel with the receipts: a nested one downloads whole.
    const contracts = expectOk(await c.api('GET', '/api/apps/file-manager', { token: again })).folders.find((f: { name: string }) => f.name === 'Contracts');
    const lease = expectOk(await c.api('GET', '/api/apps/file-manager', { token: again, query: { folderId: contracts.id } })).folders[0];
    const leaseFile = expectOk(await c.api('GET', '/api/apps/file-manager', { token: again, query: { folderId: lease.id } })).files[0];
    const leaseBytes = await c.api('GET', '/api/apps/file-manager/download', { token: again, query: { id: leaseFile.id } });
    expect(leaseBytes.status).toBe(200);
    expect(leaseBytes.raw.rawPayload.length).toBe(leaseFile.size);
    expect(leaseBytes.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const avatarBack = await c.api('GET', customerAvatar);
    expect(avatarBack.status).toBe(200);
    expect(Buffer.from(avatarBack.raw.rawPayload).equals(png)).toBe(true);

    // Refusals write nothing. A target that already holds data:
    const usersBefore = await c.count(users);
    await expectRefused(restoreCommand(lastTarget, first), /already holds/);
    expect(await c.count(users)).toBe(usersBefore);
  }, 240_000);

  it('refuses a damaged, truncated, inconsistent or newer archive before touching the target, and an archive into a non-empty folder', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.bookkeeper();
    const good = Buffer.from((await t.api('GET', '/api/admin/backup', { token: await t.adminToken() })).raw.rawPayload);
    const files = await unpack(good);
    const dir = tempDir();
    const write = (name: string, body: Buffer) => {
      const file = path.join(dir, name);
      writeFileSync(file, body);
      return file;
    };
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    const withManifest = async (change: (m: typeof manifest) => void) => {
      const m = structuredClone(manifest);
      change(m);
      return repack(new Map([...files, ['manifest.json', Buffer.from(JSON.stringify(m))]]));
    };
    const cases: [string, Buffer, RegExp][] = [
      ['truncated.tar.gz', good.subarray(0, Math.floor(good.length / 2)), /damaged or truncated/],
      ['garbage.tar.gz', Buffer.from('this is not an archive at all'), /damaged or truncated/],
      ['newer.tar.gz', await withManifest((m) => (m.migration = { tag: '9999_from_the_future', when: m.migration.when + 1e9 })), /newer Cuadre/],
      ['counts.tar.gz', await withManifest((m) => (m.tables.find((x: { name: string }) => x.name === 'users').rows += 1)), /does not match its manifest/],
      [
        'flipped.tar.gz',
        await repack(new Map([...files].map(([n, b]) => [n, n === 'tables/users.jsonl' ? Buffer.from(b.toString().replace('"user"', '"xser"')) : b]))),
        /damaged/,
      ],
    ];
    for (const [name, body, pattern] of cases) {
      const target = await createTestStore({ persistent: true, empty: true });
      cleanups.push(() => target.drop());
      await expectRefused(restoreCommand({ dataDir: target.env.DATA_DIR, databaseUrl: target.env.DATABASE_URL || undefined }, write(name, body)), pattern);
      // Nothing written: no database folder, no files.
      expect(readdirSync(target.env.DATA_DIR)).toEqual([]);
    }
  }, 120_000);

  it('restores into a data folder that does not exist yet (a new machine), creating it and its parents; a failed restore removes them again', async () => {
    // The archive of this run's database: PostgreSQL's when TEST_DB=postgres, the embedded one's otherwise.
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const { owner } = await t.bookkeeper();
    const archive = Buffer.from((await t.api('GET', '/api/admin/backup', { token: await t.adminToken() })).raw.rawPayload);
    const files = await unpack(archive);
    const dir = tempDir();
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const good = path.join(dir, 'good.tar.gz');
    writeFileSync(good, archive);
    const restore = (dataDir: string, file: string) =>
      spawnSync('npm', ['run', '-s', 'restore', '--', file], {
        cwd: repo,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: CLI_MS,
      });

    const target = path.join(dir, 'srv', 'cuadre-new', 'data');
    const done = restore(target, good);
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(/^Restored \d+ rows in \d+ tables and \d+ files from .*good\.tar\.gz/);
    expect(done.status).toBe(0);
    // The restored instance serves the owner with their own password.
    const c = await createTestApp({}, { store: { env: { DATA_DIR: target, DATABASE_URL: '' }, drop: async () => undefined } });
    cleanups.push(() => c.close());
    await c.signIn(owner.email, owner.password);
    expect(await c.count(users)).toBe(await t.count(users));

    // An archive that passes its checks but cannot be loaded (a user twice): the restore fails inside
    // its transaction, and the folders it made are gone again.
    const users1 = files.get('tables/users.jsonl')!.toString();
    const twice = Buffer.from(users1 + users1);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    const table = manifest.tables.find((x: { name: string }) => x.name === 'users');
    Object.assign(table, { rows: table.rows * 2, bytes: twice.length, sha256: createHash('sha256').update(twice).digest('hex') });
    const bad = path.join(dir, 'twice.tar.gz');
    writeFileSync(
      bad,
      await repack(
        new Map([...files].map(([n, b]) => [n, n === 'manifest.json' ? Buffer.from(JSON.stringify(manifest)) : n === 'tables/users.jsonl' ? twice : b])),
      ),
    );
    const failed = restore(path.join(dir, 'other', 'new', 'data'), bad);
    expect(failed.status).toBe(1);
    // One sentence, the database's reason, and none of the rows (they carry password hashes).
    expect(failed.stderr.trim()).toMatch(/^twice\.tar\.gz cannot be loaded into the data folder .+ \(.*duplicate key.*\)\. Nothing was restored\.$/);
    expect(failed.stderr).not.toContain('argon2');
    expect(existsSync(path.join(dir, 'other'))).toBe(false);
    // Into an existing empty folder, it removes only what it made inside it.
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    expect(restore(empty, bad).status).toBe(1);
    expect(readdirSync(empty)).toEqual([]);
  }, 600_000);

  it('takes a consistent backup while batches are being written: each batch is whole or absent', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const { token } = await t.bookkeeper();
    const categories = expectOk(await t.api('GET', '/api/categories', { token })).items as { id: string; kind: string }[];
    const categoryId = categories.find((c) => c.kind === 'income')!.id;
    const batch = (n: number) =>
      t.api('POST', '/api/entries/batch', {
        token,
        body: {
          entries: Array.from({ length: 25 }, (_, i) => ({
            type: 'income',
            date: '2026-02-10',
            amount: 100 + i,
            categoryId,
            paymentMethod: 'cash',
            reference: `batch-${n}`,
          })),
        },
      });
    const admin = await t.adminToken();
    const writes = Array.from({ length: 12 }, (_, n) => batch(n));
    const backups = [1, 2, 3].map(() => t.api('GET', '/api/admin/backup', { token: admin }));
    const results = await Promise.all([...writes, ...backups]);
    for (const r of results.slice(0, 12)) expect(r.status).toBe(201);
    for (const r of results.slice(12)) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/gzip');
      expect(String(r.headers['content-disposition'])).toMatch(/^attachment; filename="cuadre-backup-\d{8}T\d{6}Z\.tar\.gz"$/);
      const rows = (await unpack(Buffer.from(r.raw.rawPayload))).get('tables/entries.jsonl')!.toString().split('\n').filter(Boolean);
      const perBatch = new Map<string, number>();
      for (const line of rows) {
        const ref = JSON.parse(line).reference as string;
        perBatch.set(ref, (perBatch.get(ref) ?? 0) + 1);
      }
      for (const [ref, n] of perBatch) expect(n, ref).toBe(25);
    }
    expect(await t.count(entries, eq(entries.reference, 'batch-0'))).toBe(25);
  }, 120_000);

  it('is for administrators only', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const { token } = await t.bookkeeper();
    expectError(await t.api('GET', '/api/admin/backup', { token }), 403, 'FORBIDDEN');
    expectError(await t.api('GET', '/api/admin/backup'), 401, 'UNAUTHORIZED');
  });
});

describe.skipIf(usingPostgres)('npm run backup on the embedded database', () => {
  it('refuses in one sentence while a server holds the folder, and writes the archive once it has stopped', async () => {
    const store = await createTestStore({ persistent: true });
    cleanups.push(() => store.drop());
    const env = { ...process.env, DATA_DIR: store.env.DATA_DIR, DATABASE_URL: '' };
    const server = spawn(process.execPath, [...serverProcessArgs], {
      env: { ...env, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'warn', REDIS_URL: '', ADMIN_EMAIL, ADMIN_PASSWORD },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout.on('data', (d) => (out += d));
    server.stderr.on('data', (d) => (out += d));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await exited;
    });
    for (const until = Date.now() + PROCESS_START_MS; !/Cuadre is running/.test(out) && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    expect(out).toMatch(/Cuadre is running/);

    const file = path.join(tempDir(), 'cli.tar.gz');
    const cli = () => spawnSync('npm', ['run', '-s', 'backup', '--', file], { cwd: repo, env, encoding: 'utf8', timeout: CLI_MS });
    const refused = cli();
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^A Cuadre server \(process \d+\) is running on .+: download the backup from it instead .*GET \/api\/admin\/backup\)\.$/,
    );
    expect(existsSync(file)).toBe(false);

    server.kill('SIGTERM');
    await exited;
    const done = cli();
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^Backup written to .*cli\.tar\.gz: \d+ rows in \d+ tables and 0 files/);
    const manifest = JSON.parse((await unpack(readFileSync(file))).get('manifest.json')!.toString());
    expect(manifest.tables.find((t: { name: string }) => t.name === 'users').rows).toBe(1);
    // A start (helpers/server-process.ts: PROCESS_START_MS) and two runs of the command.
  }, 720_000);
});
