import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this module: it runs from `src/` under tsx
 * (development, tests) and from `dist/` as the bundle `npm start` runs; both sit one level below.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
