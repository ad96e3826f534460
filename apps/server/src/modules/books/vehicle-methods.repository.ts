import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { entries, taxMonths, trips, vehicles, vehicleYearMethods } from '../../db/schema/index.js';
import { tripDeductionSql } from '../../db/trip-deduction.js';

export type VehicleMethodRow = typeof vehicleYearMethods.$inferSelect;

/** One vehicle's year, as the database sums it: its method and readings, its trips, its expenses. */
export type VehicleYearRow = {
  vehicleId: string;
  vehicleName: string;
  method: 'standard' | 'actual';
  odometerStart: number | null;
  odometerEnd: number | null;
  /** Tenths of a mile, all the miles of the year (null: not given). */
  totalMiles: number | null;
  trips: number;
  /** Tenths of a mile, the year's trips. */
  businessMiles: number;
  mileageDeduction: number;
  expenses: number;
};

/**
 * One owner's vehicles' methods per tax year (docs/product.md, "Vehicle methods"). A vehicle without a
 * row for a year has the standard rate. The year's figures are summed by the database.
 */
export class VehicleMethodsRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  async upsert(vehicleId: string, year: number, values: Pick<VehicleMethodRow, 'method' | 'odometerStart' | 'odometerEnd' | 'totalMiles'>) {
    const [row] = await this.s
      .insertInto(vehicleYearMethods, { vehicleId, year, ...values })
      .onConflictDoUpdate({ target: [vehicleYearMethods.vehicleId, vehicleYearMethods.year], set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** Whether the year is closed: all twelve of its months are. */
  async yearClosed(year: number): Promise<boolean> {
    const [row] = await this.s.selectFields(taxMonths, { n: sql<number>`count(*)` }).where(and(eq(taxMonths.year, year), eq(taxMonths.status, 'closed')));
    return Number(row?.n ?? 0) === 12;
  }

  /**
   * Each vehicle's year (or one vehicle's): its method, readings, trips (miles, standard deduction, each
   * trip rounded on its own) and the operational expenses naming it; only vehicles with something in
   * the year unless `vehicleId` asks for one.
   */
  async year(year: number, vehicleId?: string): Promise<VehicleYearRow[]> {
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const one = vehicleId ? sql`v.id = ${vehicleId}::uuid` : sql`(m.vehicle_id is not null or b.vehicle_id is not null or x.vehicle_id is not null)`;
    const { rows } = await this.db.execute<VehicleYearRow>(this.s.sql`
      with b as (
        select ${trips.vehicleId} as vehicle_id, count(*)::int as trips, sum(${trips.miles})::bigint as miles, sum(${tripDeductionSql})::bigint as deduction
        from ${trips} where ${trips.date} between ${from}::date and ${to}::date group by ${trips.vehicleId}
      ),
      x as (
        select e.vehicle_id, sum(e.amount)::bigint as amount from ${entries} e
        where e.vehicle_id is not null and e.type = 'expense' and e.date between ${from}::date and ${to}::date group by e.vehicle_id
      )
      select v.id as "vehicleId", v.name as "vehicleName", coalesce(m.method, 'standard') as method,
        m.odometer_start as "odometerStart", m.odometer_end as "odometerEnd", m.total_miles as "totalMiles",
        coalesce(b.trips, 0) as trips, coalesce(b.miles, 0)::bigint as "businessMiles", coalesce(b.deduction, 0)::bigint as "mileageDeduction",
        coalesce(x.amount, 0)::bigint as expenses
      from ${vehicles} v
      left join ${vehicleYearMethods} m on m.vehicle_id = v.id and m.year = ${year}::int
      left join b on b.vehicle_id = v.id
      left join x on x.vehicle_id = v.id
      where ${one}
      order by lower(v.name), v.id`);
    return rows.map((r) => ({ ...r, trips: Number(r.trips) }));
  }

  /** The years a vehicle has a method, trips or expenses in, newest first. */
  async years(vehicleId: string): Promise<number[]> {
    const { rows } = await this.db.execute<{ year: number }>(this.s.sql`
      select distinct y.year from (
        select ${vehicleYearMethods.year} as year from ${vehicleYearMethods} where ${vehicleYearMethods.vehicleId} = ${vehicleId}::uuid
        union select extract(year from ${trips.date})::int from ${trips} where ${trips.vehicleId} = ${vehicleId}::uuid
        union select extract(year from e.date)::int from ${entries} e where e.vehicle_id = ${vehicleId}::uuid
      ) y order by y.year desc`);
    return rows.map((r) => Number(r.year));
  }
}

/** Business miles ÷ all miles, to four decimals, at most 1 (a ratio for reading; the money is computed in SQL). */
export function businessShare(businessMiles: number, totalMiles: number | null): number | null {
  if (!totalMiles) return null;
  return Math.round((Math.min(businessMiles, totalMiles) / totalMiles) * 10_000) / 10_000;
}
