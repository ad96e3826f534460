import { beforeAll } from 'vitest';
import { openWorkerDatabase } from './database.js';

// Before each file's own hooks, within a hook timeout of its own; the worker's database is opened
// once, by the first file (helpers/database.ts). A hook, not an import-time wait: a file whose tests
// are all filtered out (-t) runs no hooks, so a run that only collects opens no database.
beforeAll(openWorkerDatabase);
