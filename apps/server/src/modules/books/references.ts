import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { categories, contacts, products, providers, subcategories, vehicles, workers } from '../../db/schema/index.js';

export type CategoryRow = typeof categories.$inferSelect;

/**
 * What a set of entries refers to, read once for a whole batch: the chart, and the owner's own
 * subcategories, workers, providers, products and vehicles among the ids named. Anything of
 * another owner is simply absent, so it reads as "no such" and never leaks.
 */
export interface References {
  categories: Map<string, CategoryRow>;
  subcategories: Map<string, { categoryId: string; active: boolean }>;
  workers: Map<string, { active: boolean }>;
  providers: Map<string, { active: boolean; defaultCategoryId: string | null }>;
  products: Map<string, { active: boolean; categoryId: string | null; defaultUnitCost: number | null; providerId: string | null }>;
  vehicles: Map<string, { active: boolean }>;
  contacts: Set<string>;
}

const ids = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

export async function loadReferences(
  db: DbOrTx,
  ownerId: string,
  wanted: {
    subcategoryIds?: (string | null | undefined)[];
    workerIds?: (string | null | undefined)[];
    providerIds?: (string | null | undefined)[];
    productIds?: (string | null | undefined)[];
    vehicleIds?: (string | null | undefined)[];
    contactIds?: (string | null | undefined)[];
  },
): Promise<References> {
  const sub = ids(wanted.subcategoryIds ?? []);
  const wrk = ids(wanted.workerIds ?? []);
  const prd = ids(wanted.productIds ?? []);
  const prv = ids(wanted.providerIds ?? []);
  const veh = ids(wanted.vehicleIds ?? []);
  const cts = ids(wanted.contactIds ?? []);
  const s = ownedBy(db, ownerId);
  // One after another (a Drizzle query runs when awaited): inside a transaction they share one
  // connection, which node-postgres will no longer queue for us.
  const [cats, subs, ws, ps, prods, vs, cs] = await inOrder([
    db.select().from(categories),
    sub.length
      ? s
          .selectFields(subcategories, { id: subcategories.id, categoryId: subcategories.categoryId, active: subcategories.active })
          .where(inArray(subcategories.id, sub))
      : [],
    wrk.length ? s.selectFields(workers, { id: workers.id, active: workers.active }).where(inArray(workers.id, wrk)) : [],
    prv.length
      ? s
          .selectFields(providers, { id: providers.id, active: providers.active, defaultCategoryId: providers.defaultCategoryId })
          .where(inArray(providers.id, prv))
      : [],
    prd.length
      ? s
          .selectFields(products, {
            id: products.id,
            active: products.active,
            categoryId: products.categoryId,
            defaultUnitCost: products.defaultUnitCost,
            providerId: products.providerId,
          })
          .where(inArray(products.id, prd))
      : [],
    veh.length ? s.selectFields(vehicles, { id: vehicles.id, active: vehicles.active }).where(inArray(vehicles.id, veh)) : [],
    cts.length ? s.selectFields(contacts, { id: contacts.id }).where(inArray(contacts.id, cts)) : [],
  ]);
  return {
    categories: new Map(cats.map((c) => [c.id, c])),
    subcategories: new Map(subs.map((s) => [s.id, s])),
    workers: new Map(ws.map((w) => [w.id, w])),
    providers: new Map(ps.map((p) => [p.id, p])),
    products: new Map(prods.map((p) => [p.id, p])),
    vehicles: new Map(vs.map((v) => [v.id, v])),
    contacts: new Set(cs.map((c) => c.id)),
  };
}

/** Awaits lazy queries one after another, typed like Promise.all. */
async function inOrder<T extends readonly unknown[]>(items: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const out: unknown[] = [];
  for (const item of items) out.push(await item);
  return out as { -readonly [K in keyof T]: Awaited<T[K]> };
}
