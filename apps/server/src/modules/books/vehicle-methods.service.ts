import { fromScaled, toScaled, type ErrorDetail, type VehicleMethod, type VehicleMethodInput, type VehicleMethodList } from '@cuadre/contracts';
import { sql } from 'drizzle-orm';
import { withTransaction, type Db, type DbOrTx } from '../../db/client.js';
import { notFound, validation, yearClosed } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import { AuditRepository } from './audit.repository.js';
import { loadReferences } from './references.js';
import { businessShare, VehicleMethodsRepository, type VehicleYearRow } from './vehicle-methods.repository.js';

const tenths = (v: number | null | undefined) => (v === null || v === undefined ? null : toScaled(v, 1));
const fromTenths = (v: number | null) => (v === null ? null : fromScaled(v, 1));

function toMethod(r: VehicleYearRow, year: number, closed: boolean): VehicleMethod {
  return {
    vehicleId: r.vehicleId,
    vehicleName: r.vehicleName,
    year,
    method: r.method,
    odometerStart: fromTenths(r.odometerStart),
    odometerEnd: fromTenths(r.odometerEnd),
    totalMiles: fromTenths(r.totalMiles),
    businessMiles: fromScaled(r.businessMiles, 1),
    trips: r.trips,
    mileageDeduction: r.mileageDeduction,
    businessShare: businessShare(r.businessMiles, r.totalMiles),
    expenses: r.expenses,
    closed,
  };
}

/**
 * A vehicle's method per tax year (docs/product.md, "Vehicle methods"; IRS Publication 463): the
 * standard mileage rate by default, or the actual expenses at the business-use share, which needs the
 * year's miles. Changeable until the year is closed.
 */
export class VehicleMethodsService {
  constructor(private readonly db: Db) {}

  async list(auth: Authenticated, vehicleId: string): Promise<VehicleMethodList> {
    const repo = new VehicleMethodsRepository(this.db, auth.user.id);
    await this.vehicle(this.db, auth.user.id, vehicleId);
    const years = await repo.years(vehicleId);
    const items = await Promise.all(years.map((y) => this.get(auth, vehicleId, y)));
    return { items };
  }

  async get(auth: Authenticated, vehicleId: string, year: number, db: DbOrTx = this.db): Promise<VehicleMethod> {
    const repo = new VehicleMethodsRepository(db, auth.user.id);
    const [row] = await repo.year(year, vehicleId);
    if (!row) throw notFound('Vehicle');
    return toMethod(row, year, await repo.yearClosed(year));
  }

  async set(auth: Authenticated, vehicleId: string, year: number, body: VehicleMethodInput): Promise<VehicleMethod> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      await this.vehicle(tx, ownerId, vehicleId);
      // The year's months' locks, shared, as every write to a month takes them: a close waits for this
      // change, and a change after a close sees it (docs/architecture.md, transactions and closed months).
      for (let m = 1; m <= 12; m++) await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${ownerId}), ${year * 100 + m}::int)`);
      const repo = new VehicleMethodsRepository(tx, ownerId);
      if (await repo.yearClosed(year)) throw yearClosed(year);
      const [before] = await repo.year(year, vehicleId);
      const values = readings(body, before!.businessMiles);
      const row = await repo.upsert(vehicleId, year, values);
      await new AuditRepository(tx, ownerId, ownerId).record('vehicle', vehicleId, 'update', { year, method: before!.method }, row);
      return this.get(auth, vehicleId, year, tx);
    });
  }

  private async vehicle(db: DbOrTx, ownerId: string, vehicleId: string) {
    const refs = await loadReferences(db, ownerId, { vehicleIds: [vehicleId] });
    if (!refs.vehicles.has(vehicleId)) throw notFound('Vehicle');
  }
}

/**
 * The year's miles: both odometer readings (the total is end − start; given as well, it must match),
 * or the total alone. Actual expenses need them, since the business share cannot be computed without
 * them; and the year cannot have fewer miles than its trips' business miles.
 */
function readings(body: VehicleMethodInput, businessMiles: number) {
  const details: ErrorDetail[] = [];
  const start = tenths(body.odometerStart);
  const end = tenths(body.odometerEnd);
  let total = tenths(body.totalMiles);
  if ((start === null) !== (end === null))
    details.push({ path: start === null ? 'odometerStart' : 'odometerEnd', message: 'Give both odometer readings of the year, or the miles driven alone' });
  else if (start !== null && end !== null) {
    if (end <= start) details.push({ path: 'odometerEnd', message: 'The reading at the end of the year must be greater than the one at the start' });
    else if (total !== null && total !== end - start)
      details.push({ path: 'totalMiles', message: 'The miles driven must equal the end reading minus the start' });
    else total = end - start;
  }
  if (!details.length && body.method === 'actual' && total === null)
    details.push({
      path: 'totalMiles',
      message: 'Actual expenses need the year’s miles (the odometer at the start and the end of the year, or the miles driven) to work out the business share',
    });
  if (!details.length && total !== null && total < businessMiles)
    details.push({
      path: 'totalMiles',
      message: `The year’s miles cannot be fewer than the business miles of its trips (${fromScaled(businessMiles, 1)})`,
    });
  if (details.length) throw validation('The vehicle’s method for the year could not be saved', details);
  return { method: body.method, odometerStart: start, odometerEnd: end, totalMiles: total };
}
