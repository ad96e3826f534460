import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/**
 * The suites that need PostgreSQL or Redis do not skip without a word: on a machine without them the
 * run ends with one line for each, naming what turns it on.
 */
const server = path.resolve(import.meta.dirname, '..');

describe('suites skipped for want of a service', () => {
  it('are named at the end of a run without PostgreSQL and Redis, each with the variable that turns it on', () => {
    // A run of the three files that hold such suites, with every test filtered out: collecting them is enough.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
    const run = spawnSync(
      'npx',
      ['vitest', 'run', 'test/outages.test.ts', 'test/session-cache.test.ts', 'test/read-cache.test.ts', '-t', 'matches no test at all'],
      {
        cwd: server,
        env: {
          ...env,
          TEST_DB: 'pglite',
          DATABASE_URL: '',
          TEST_REDIS_URL: '',
          REDIS_URL: '',
          NO_COLOR: '1',
          // This run's migrated database, rather than initdb again (helpers/global-setup.ts).
          CUADRE_TEST_PGLITE_FOLDER: inject('pgliteFolder'),
          CUADRE_TEST_PGLITE_IMAGE: inject('pgliteImage'),
        },
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    const out = run.stdout + run.stderr;
    expect(run.status, out).toBe(0);
    const lines = out.split('\n').filter((l) => /: skipped, needs /.test(l));
    expect(lines.map((l) => l.trim().split(': skipped')[0])).toEqual([
      'outages.test.ts › PostgreSQL goes away',
      'outages.test.ts › starting while the database cannot be reached › comes up by itself when PostgreSQL appears, and says at once when the database does not exist',
      'read-cache.test.ts › across processes (with Redis) › a write through one server is seen by the next read through another',
      'session-cache.test.ts › across processes (PostgreSQL and Redis)',
    ]);
    for (const line of lines.filter((l) => l.includes('PostgreSQL:'))) expect(line).toMatch(/PostgreSQL: set DATABASE_URL=postgres:\/\/…/);
    for (const line of lines.filter((l) => l.includes('Redis:')))
      expect(line).toMatch(/Redis: set REDIS_URL=redis:\/\/… and DATABASE_URL \(npm test\), or TEST_REDIS_URL/);
  }, 300_000);

  it('are all declared through needs(), so none can skip silently', () => {
    const files = readdirSync(path.join(server, 'test')).filter((f) => f.endsWith('.test.ts'));
    const silent = files.filter((f) => /\.runIf\(/.test(readFileSync(path.join(server, 'test', f), 'utf8')));
    expect(silent).toEqual([]);
  });
});
