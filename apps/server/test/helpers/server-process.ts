import path from 'node:path';

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
