// Inventory (issue 27): the products list for an owner with 10,000 products among 1,000 owners (each of
// the others with 10), on PGlite and, when DATABASE_URL is set, PostgreSQL: p50 and p99 of a page, a
// search and a sort, one request after another. Prints figures; asserts nothing.
//   npm run bench:inventory -w @cuadre/bench   (ROUNDS=300, ONLY=pglite|postgres)
import { sql } from 'drizzle-orm';
import { onEachDatabase, startServer, stop, timeReads } from './lib.js';
import { fillForHeavy, heavy, populate } from './populate.js';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
export const HEAVY_PRODUCTS = 10_000;

/** 10,000 products for the heavy owner, 10 for each of the others, written straight into the database. */
const populateProducts = (env: { DATA_DIR: string; DATABASE_URL?: string }) =>
  fillForHeavy(env, async (db, heavyId) => {
    await db.execute(sql`
    insert into inventory_products (owner_id, name, sku, stock, reserved, cost, base_price, tax_hundredths, price, weight_grams, active)
    select ${heavyId}::uuid, 'Product ' || i, 'SKU-' || ((i * 7919) % 100000), (i * 31) % 500, (i * 31) % 500 / 10, 100 + (i * 13) % 9000,
           200 + (i * 17) % 20000, 825, ((200 + (i * 17) % 20000) * 10825 + 5000) / 10000, (i * 11) % 30000, i % 4 <> 0
    from generate_series(1, ${HEAVY_PRODUCTS}) i`);
    await db.execute(sql`
    insert into inventory_products (owner_id, name, sku, stock, base_price, price, active)
    select u.id, 'Product ' || g, 'SKU-' || g, g, 100 * g, 100 * g, true
    from users u cross join generate_series(1, 10) g where u.email like 'owner%@bench.cuadre.test'`);
  });

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  await populate(env);
  await populateProducts(env);
  const { proc, url } = await startServer({ DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) });
  try {
    console.log(`${label}: the heavy owner (${HEAVY_PRODUCTS.toLocaleString('en')} products among 1,000 owners), ${ROUNDS} requests per call`);
    const calls: [string, string][] = [
      ['first page (default sort: name)', 'page=0'],
      ['page 1 (no page given)', ''],
      ['a middle page (page 500)', 'page=500'],
      ['the last page (page 999)', 'page=999'],
      ['search "product 42"', 'page=0&search=product%2042'],
      ['search, nothing found', 'page=0&search=zzzz'],
      ['sort by price, desc', 'page=0&sort=price&order=desc'],
      ['sort by sku (text)', 'page=0&sort=sku'],
      ['sort by weight, page 300', 'page=300&sort=weight'],
      ['sort by active (text), page 700', 'page=700&sort=active'],
    ];
    const paths = calls.map(([name, query]): [string, string] => [name, `apps/ecommerce/inventory/products?${query}`]);
    await timeReads(url, heavy, ROUNDS, paths, (body) => (body as { pagination: { length?: number } }).pagination.length);
  } finally {
    await stop(proc);
  }
}

await onEachDatabase('inventory', measure);
