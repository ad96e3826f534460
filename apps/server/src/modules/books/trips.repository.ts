import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TripQuery } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { trips, vehicles } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';
import { rateOnTripDate, tripDeductionSql } from '../../db/trip-deduction.js';

export type TripRow = typeof trips.$inferSelect;
export type NewTrip = Omit<typeof trips.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

const SORTS = { date: trips.date, miles: trips.miles, vehicle: sql`lower(${vehicles.name})`, createdAt: trips.createdAt } as const;

const detailed = { trip: trips, vehicleName: vehicles.name, rateTenths: rateOnTripDate, deduction: tripDeductionSql };
export type DetailedTrip = { trip: TripRow; vehicleName: string; rateTenths: number | null; deduction: number };

/** One owner's mileage log. */
export class TripsRepository {
  private readonly s: OwnerScope;

  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  private filters(q: Partial<TripQuery>): SQL | undefined {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    return and(
      q.vehicleId ? eq(trips.vehicleId, q.vehicleId) : undefined,
      q.from ? gte(trips.date, q.from) : undefined,
      q.to ? lte(trips.date, q.to) : undefined,
      term ? or(ilike(trips.purpose, term), ilike(trips.origin, term), ilike(trips.destination, term), ilike(vehicles.name, term)) : undefined,
    );
  }

  async list(q: TripQuery) {
    const where = this.filters(q);
    const dir = q.order === 'desc' ? desc : asc;
    const [items, perVehicle] = await Promise.all([
      this.s
        .selectFields(trips, detailed)
        .innerJoin(...this.s.join(vehicles, eq(vehicles.id, trips.vehicleId)))
        .where(where)
        .orderBy(dir(SORTS[q.sort]), dir(trips.createdAt), asc(trips.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.s
        .selectFields(trips, {
          vehicleId: trips.vehicleId,
          vehicleName: vehicles.name,
          miles: sql<number>`coalesce(sum(${trips.miles}), 0)`,
          deduction: sql<number>`coalesce(sum(${tripDeductionSql}), 0)`,
          count: sql<number>`count(*)`,
        })
        .innerJoin(...this.s.join(vehicles, eq(vehicles.id, trips.vehicleId)))
        .where(where)
        .groupBy(trips.vehicleId, vehicles.name)
        .orderBy(sql`lower(${vehicles.name})`),
    ]);
    return { items: items as DetailedTrip[], perVehicle };
  }

  async get(id: string): Promise<DetailedTrip | undefined> {
    const [row] = await this.s
      .selectFields(trips, detailed)
      .innerJoin(...this.s.join(vehicles, eq(vehicles.id, trips.vehicleId)))
      .where(eq(trips.id, id));
    return row;
  }

  async lock(id: string): Promise<TripRow | undefined> {
    const [row] = await this.s.selectFrom(trips).where(eq(trips.id, id)).for('update');
    return row;
  }

  async insert(values: NewTrip): Promise<TripRow> {
    const [row] = await this.s.insertInto(trips, values).returning();
    return row!;
  }

  async update(id: string, values: Partial<NewTrip>): Promise<TripRow> {
    const [row] = await this.s
      .updateSet(trips, { ...values, updatedAt: new Date() })
      .where(eq(trips.id, id))
      .returning();
    return row!;
  }

  async remove(id: string) {
    await this.s.deleteFrom(trips).where(eq(trips.id, id));
  }
}
