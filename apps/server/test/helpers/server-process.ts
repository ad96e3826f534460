import path from 'node:path';

/**
 * What starts the server as a process, the way `npm start` runs it: node on the bundle
 * (scripts/build.mjs), not tsx on the sources, which transpiled the whole module graph again at every
 * start. The run's global setup builds the bundle when its sources changed (again before each rerun
 * in watch mode), so it is the code under test.
 */
export const serverProcessArgs: readonly string[] = ['--enable-source-maps', path.resolve(import.meta.dirname, '../../dist/server.js')];
