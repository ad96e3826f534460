import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { categories, entries, products, providers, trips, vehicles, workers } from '../../db/schema/index.js';
import { escapeLike, shownName } from '../../db/sql.js';

/** The four registries of an owner: what each table is searched and sorted by, and what uses its records. */
const REGISTRY_TABLES = {
  workers: {
    table: workers,
    search: [workers.name, workers.email, workers.phone],
    sorts: { name: sql`lower(${workers.name})`, kind: workers.kind, payRate: workers.payRate, createdAt: workers.createdAt },
    extras: (_: Language) => ({}),
    usedBy: (id: string) => [sql`select 1 from ${entries} where ${entries.workerId} = ${id}`],
  },
  providers: {
    table: providers,
    search: [providers.name, providers.contactName, providers.email, providers.phone],
    sorts: { name: sql`lower(${providers.name})`, contactName: sql`lower(${providers.contactName})`, createdAt: providers.createdAt },
    extras: (language: Language) => ({
      defaultCategoryName: sql<
        string | null
      >`(select ${shownName(categories, language)} from ${categories} where ${categories.id} = ${providers.defaultCategoryId})`,
    }),
    usedBy: (id: string) => [
      sql`select 1 from ${entries} where ${entries.providerId} = ${id}`,
      sql`select 1 from ${products} where ${products.providerId} = ${id}`,
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
    extras: (_: Language) => ({}),
    usedBy: (id: string) => [sql`select 1 from ${trips} where ${trips.vehicleId} = ${id}`],
  },
  products: {
    table: products,
    search: [products.name, products.unit],
    sorts: { name: sql`lower(${products.name})`, unit: products.unit, defaultUnitCost: products.defaultUnitCost, createdAt: products.createdAt },
    extras: (language: Language) => ({
      providerName: sql<string | null>`(select ${providers.name} from ${providers} where ${providers.id} = ${products.providerId})`,
      categoryName: sql<string | null>`(select ${shownName(categories, language)} from ${categories} where ${categories.id} = ${products.categoryId})`,
    }),
    usedBy: (id: string) => [sql`select 1 from ${entries} where ${entries.productId} = ${id}`],
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

  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
    readonly name: R,
    private readonly language: Language = 'en',
  ) {
    this.def = REGISTRY_TABLES[name];
  }

  // The union of four tables does not narrow to one in TypeScript; each is a table with these columns.
  private get t() {
    return this.def.table as unknown as typeof workers; // unknown: four tables do not narrow to one; each has these columns
  }
  private get columns() {
    return { ...(this.def.table as unknown as Record<string, never>), ...this.def.extras(this.language) } as never; // never: the columns and extras, typed per registry by RegistryRow
  }

  private owned(where?: SQL) {
    return and(eq(this.t.ownerId, this.ownerId), where);
  }

  async list(q: RegistryListQuery): Promise<{ items: RegistryRow<R>[]; total: number }> {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = this.owned(
      and(
        term ? or(...this.def.search.map((c) => ilike(c, term))) : undefined,
        q.active === undefined ? undefined : eq(this.t.active, q.active),
        q.providerId && this.name === 'products' ? eq(products.providerId, q.providerId) : undefined,
      ),
    );
    const sortBy = (this.def.sorts as unknown as Record<string, SQL | undefined>)[q.sort] ?? this.t.createdAt; // unknown: the sort key was checked by the registry's contract
    const dir = q.order === 'desc' ? desc : asc;
    const [items, [count]] = await Promise.all([
      this.db
        .select(this.columns)
        .from(this.t)
        .where(where)
        .orderBy(dir(sortBy), asc(this.t.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(this.t)
        .where(where),
    ]);
    return { items: items, total: count?.n ?? 0 };
  }

  async get(id: string): Promise<RegistryRow<R> | undefined> {
    const [row] = await this.db
      .select(this.columns)
      .from(this.t)
      .where(this.owned(eq(this.t.id, id)));
    return row;
  }

  /** The row locked until the transaction ends, so a change and its audit see one version. */
  async lock(id: string): Promise<RegistryRow<R> | undefined> {
    await this.db.execute(sql`select 1 from ${this.t} where ${this.t.id} = ${id} and ${this.t.ownerId} = ${this.ownerId} for update`);
    return this.get(id);
  }

  async insert(values: RegistryInsert<R>): Promise<string> {
    const [row] = await this.db
      .insert(this.t)
      .values({ ...(values as typeof workers.$inferInsert), ownerId: this.ownerId })
      .returning({ id: this.t.id });
    return row!.id;
  }

  async update(id: string, values: Partial<RegistryInsert<R>>) {
    await this.db
      .update(this.t)
      .set({ ...(values as Partial<typeof workers.$inferInsert>), updatedAt: new Date() })
      .where(this.owned(eq(this.t.id, id)));
  }

  async isUsed(id: string): Promise<boolean> {
    const checks = this.def.usedBy(id);
    const [row] = await this.db.execute<{ used: boolean }>(sql`select exists(${sql.join(checks, sql` union all `)}) as used`).then((r) => r.rows);
    return !!row?.used;
  }

  async remove(id: string) {
    await this.db.delete(this.t).where(this.owned(eq(this.t.id, id)));
  }

  /** Which of `ids` are this owner's records, with whether each is active. */
  async existing(ids: string[]): Promise<Map<string, { active: boolean }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: this.t.id, active: this.t.active })
      .from(this.t)
      .where(
        this.owned(
          sql`${this.t.id} in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    return new Map(rows.map((r) => [r.id, { active: r.active }]));
  }
}
