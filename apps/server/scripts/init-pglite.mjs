// Creates a new PGlite data folder and applies the migrations, in a process of its own: initdb grows
// the WebAssembly heap to several hundred MB and a heap never shrinks, so the server opens the
// finished folder afterwards with the heap of an ordinary start.
// Usage: node init-pglite.mjs <data folder> <migrations folder> <shared_buffers>
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder, sharedBuffers] = process.argv.slice(2);
const client = new PGlite({
  dataDir: dir,
  extensions: { pg_trgm, btree_gin },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
});
await client.waitReady;
await migrate(drizzle({ client }), { migrationsFolder });
await client.close();
