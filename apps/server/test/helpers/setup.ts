import { openWorkerDatabase } from './database.js';

// Runs before each file; the worker's database is opened once, by the first (helpers/database.ts).
await openWorkerDatabase();
