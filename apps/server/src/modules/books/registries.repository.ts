import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { categories, entries, products, providers, trips, vehicles, workers } from '../../db/schema/index.js';
import { escapeLike, shownName } from '../../db/sql.js';

/** The four registries of an owner: what each table is searched and sorted by, and what uses its records. */
const REGISTRY_TABLES = {
  workers: {
    table: workers,
    search: [workers.name, workers.email, workers.phone],
    sorts: { name: sql`lower(${workers.name})`, kind: workers.kind, payRate: workers.payRate, createdAt: workers.createdAt },
    extras: (_: Language, _s: OwnerScope) => ({}),
    usedBy: (s: OwnerScope, id: string) => [s.sql`select 1 from ${entries} where ${entries.workerId} = ${id}`],
  },
  providers: {
    table: providers,
    search: [providers.name, providers.contactName, providers.email, providers.phone],
    sorts: { name: sql`lower(${providers.name})`, contactName: sql`lower(${providers.contactName})`, createdAt: providers.createdAt },
    extras: (language: Language, _s: OwnerScope) => ({
      defaultCategoryName: sql<
        string | null
      >`(select ${shownName(categories, language)} from ${categories} where ${categories.id} = ${providers.defaultCategoryId})`,
    }),
    usedBy: (s: OwnerScope, id: string) => [
      s.sql`select 1 from ${entries} where ${entries.providerId} = ${id}`,
      s.sql`select 1 from ${products} where ${products.providerId} = ${id}`,
    ],
  },
  vehicles: {
    table: vehicles,
    search: [vehicles.name, vehicles.make, vehicles.model, vehicles.plate],
    sorts: {
      name: sql`lower(${vehicles.name})`,
      make: sql`lower(${vehicles.make})`,
      year: vehicles.year,
      plate: vehicles.plate,
      createdAt: vehicles.createdAt,
    },
    extras: (_: Language, _s: OwnerScope) => ({}),
    usedBy: (s: OwnerScope, id: string) => [
      s.sql`select 1 from ${trips} where ${trips.vehicleId} = ${id}`,
      s.sql`select 1 from ${entries} where ${entries.vehicleId} = ${id}`,
    ],
  },
  products: {
    table: products,
    search: [products.name, products.unit],
    sorts: { name: sql`lower(${products.name})`, unit: products.unit, defaultUnitCost: products.defaultUnitCost, createdAt: products.createdAt },
    extras: (language: Language, s: OwnerScope) => ({
      // The scope's sql is untyped; this subquery gives the provider's name, or null.
      providerName: s.sql`(select ${providers.name} from ${providers} where ${providers.id} = ${products.providerId})` as SQL<string | null>,
      categoryName: sql<string | null>`(select ${shownName(categories, language)} from ${categories} where ${categories.id} = ${products.categoryId})`,
    }),
    usedBy: (s: OwnerScope, id: string) => [s.sql`select 1 from ${entries} where ${entries.productId} = ${id}`],
  },
} as const;

export type RegistryName = keyof typeof REGISTRY_TABLES;
type Tables = typeof REGISTRY_TABLES;
export type RegistryRow<R extends RegistryName> = Tables[R]['table']['$inferSelect'] & { [K in keyof ReturnType<Tables[R]['extras']>]: string | null };
export type RegistryInsert<R extends RegistryName> = Omit<Tables[R]['table']['$inferInsert'], 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

export interface RegistryListQuery {
  search?: string;
  active?: boolean;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  size: number;
  providerId?: string;
}

/**
 * One registry of one owner. Built for an owner, so every query it runs is filtered by them: another
 * owner's record is simply not there (a 404 to the caller, never its data). A category it names
 * comes in `language`.
 */
export class RegistryRepository<R extends RegistryName> {
  private readonly def: Tables[R];
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    ownerId: string,
    readonly name: R,
    private readonly language: Language = 'en',
  ) {
    this.def = REGISTRY_TABLES[name];
    this.s = ownedBy(db, ownerId);
  }

  // The union of four tables does not narrow to one in TypeScript; each is a table with these columns.
  private get t() {
    return this.def.table as unknown as typeof workers; // unknown: four tables do not narrow to one; each has these columns
  }
  private get columns() {
    return { ...(this.def.table as unknown as Record<string, never>), ...this.def.extras(this.language, this.s) } as never; // never: the columns and extras, typed per registry by RegistryRow
  }

  async list(q: RegistryListQuery): Promise<{ items: RegistryRow<R>[]; total: number }> {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = and(
      term ? or(...this.def.search.map((c) => ilike(c, term))) : undefined,
      q.active === undefined ? undefined : eq(this.t.active, q.active),
      q.providerId && this.name === 'products' ? eq(products.providerId, q.providerId) : undefined,
    );
    const sortBy = (this.def.sorts as unknown as Record<string, SQL | undefined>)[q.sort] ?? this.t.createdAt; // unknown: the sort key was checked by the registry's contract
    const dir = q.order === 'desc' ? desc : asc;
    const [items, [count]] = await Promise.all([
      this.s
        .selectFields(this.t, this.columns)
        .where(where)
        .orderBy(dir(sortBy), asc(this.t.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.s.selectFields(this.t, { n: sql<number>`count(*)` }).where(where),
    ]);
    return { items: items, total: count?.n ?? 0 };
  }

  async get(id: string): Promise<RegistryRow<R> | undefined> {
    const [row] = await this.s.selectFields(this.t, this.columns).where(eq(this.t.id, id));
    return row;
  }

  /** The row locked until the transaction ends, so a change and its audit see one version. */
  async lock(id: string): Promise<RegistryRow<R> | undefined> {
    await this.s
      .selectFields(this.t, { one: sql`1` })
      .where(eq(this.t.id, id))
      .for('update');
    return this.get(id);
  }

  async insert(values: RegistryInsert<R>): Promise<string> {
    const [row] = await this.s.insertInto(this.t, values as RegistryInsert<'workers'>).returning({ id: this.t.id });
    return row!.id;
  }

  async update(id: string, values: Partial<RegistryInsert<R>>) {
    await this.s.updateSet(this.t, { ...(values as Partial<typeof workers.$inferInsert>), updatedAt: new Date() }).where(eq(this.t.id, id));
  }

  async isUsed(id: string): Promise<boolean> {
    const checks = this.def.usedBy(this.s, id);
    const [row] = await this.db.execute<{ used: boolean }>(sql`select exists(${sql.join(checks, sql` union all `)}) as used`).then((r) => r.rows);
    return !!row?.used;
  }

  async remove(id: string) {
    await this.s.deleteFrom(this.t).where(eq(this.t.id, id));
  }

  /** Which of `ids` are this owner's records, with whether each is active. */
  async existing(ids: string[]): Promise<Map<string, { active: boolean }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.s.selectFields(this.t, { id: this.t.id, active: this.t.active }).where(
      sql`${this.t.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.id, { active: r.active }]));
  }
}
