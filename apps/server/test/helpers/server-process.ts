import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_JWT_SECRET, type TestApp } from './app.js';

/**
 * What starts the server as a process, the way `npm start` runs it: node on the bundle
 * (scripts/build.mjs), not tsx on the sources, which transpiled the whole module graph again at every
 * start. The run's global setup builds the bundle when its sources changed (again before each rerun
 * in watch mode), so it is the code under test.
 */
/**
 * How long a test waits for a server process it started to say it is running: a hang detector, not a
 * timing. On a machine with a dozen processes per core (the whole suite beside other work), a start took
 * over a minute; a hook or test that starts one allows this and its own work.
 */
export const PROCESS_START_MS = 150_000;

export const serverProcessArgs: readonly string[] = ['--enable-source-maps', path.resolve(import.meta.dirname, '../../dist/server.js')];

/**
 * A second server process on the same database as `a` (its data folder and PostgreSQL), with `env`
 * added (Redis, its prefix...): the cluster's tests send through one process and read through the other.
 * Resolves with the process and its address once it says it is running.
 */
export async function startSecondServer(a: TestApp, env: Record<string, string | undefined>): Promise<{ process: ChildProcess; url: string }> {
  const { DATABASE_URL: _db, ...base } = process.env;
  const child = spawn(process.execPath, [...serverProcessArgs], {
    env: {
      ...base,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: a.config.dataDir,
      DATABASE_URL: a.config.databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const until = Date.now() + PROCESS_START_MS;
  while (!/Cuadre is running at (\S+)/.test(out)) {
    if (Date.now() > until || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the second server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { process: child, url: out.match(/Cuadre is running at (\S+)/)![1]! };
}
