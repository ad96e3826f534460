import { fromScaled, toScaled, type ErrorDetail, type Trip, type TripInput, type TripList, type TripPatch, type TripQuery } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { notFound, validation } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import { AuditRepository } from './audit.repository.js';
import { PeriodsRepository } from './periods.repository.js';
import { loadReferences } from './references.js';
import { TripsRepository, type DetailedTrip, type NewTrip, type TripRow } from './trips.repository.js';

const tenths = (v: number | null | undefined) => (v === null || v === undefined ? null : toScaled(v, 1));
const fromTenths = (v: number | null) => (v === null ? null : fromScaled(v, 1));

export function toTrip(d: DetailedTrip): Trip {
  const t = d.trip;
  return {
    id: t.id,
    vehicleId: t.vehicleId,
    vehicleName: d.vehicleName,
    date: t.date,
    odometerStart: fromTenths(t.odometerStart),
    odometerEnd: fromTenths(t.odometerEnd),
    miles: fromScaled(t.miles, 1),
    purpose: t.purpose,
    origin: t.origin,
    destination: t.destination,
    centsPerMile: fromTenths(d.rateTenths),
    deduction: d.deduction,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

type TripLine = {
  vehicleId: string;
  date: string;
  odometerStart: number | null;
  odometerEnd: number | null;
  miles: number | null;
  purpose: string;
  origin: string | null;
  destination: string | null;
};

/**
 * A trip by odometer (start and end; the miles are end − start) or by miles alone. Given both, the
 * miles must match the odometer. Miles, odometer readings are kept in tenths.
 */
function resolveTrip(line: TripLine, details: ErrorDetail[]): NewTrip | undefined {
  const start = tenths(line.odometerStart);
  const end = tenths(line.odometerEnd);
  let miles = tenths(line.miles);
  if ((start === null) !== (end === null))
    details.push({ path: start === null ? 'odometerStart' : 'odometerEnd', message: 'Give both odometer readings, or the miles alone' });
  else if (start !== null && end !== null) {
    if (end <= start) details.push({ path: 'odometerEnd', message: 'The end reading must be greater than the start' });
    else if (miles !== null && miles !== end - start) details.push({ path: 'miles', message: 'The miles must equal the end reading minus the start' });
    else miles = end - start;
  }
  if (miles === null && start === null && end === null) details.push({ path: 'miles', message: 'Give the miles, or the odometer at the start and the end' });
  if (details.length) return undefined;
  return {
    vehicleId: line.vehicleId,
    date: line.date,
    odometerStart: start,
    odometerEnd: end,
    miles: miles!,
    purpose: line.purpose,
    origin: line.origin || null,
    destination: line.destination || null,
  };
}

export class TripsService {
  constructor(private readonly db: Db) {}

  async list(auth: Authenticated, q: TripQuery): Promise<TripList> {
    const { items, perVehicle } = await new TripsRepository(this.db, auth.user.id).list(q);
    const total = perVehicle.reduce((n, v) => n + v.count, 0);
    const milesTenths = perVehicle.reduce((n, v) => n + v.miles, 0);
    return {
      items: items.map(toTrip),
      pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) },
      totals: { miles: fromScaled(milesTenths, 1), deduction: perVehicle.reduce((n, v) => n + v.deduction, 0), count: total },
      vehicles: perVehicle.map((v) => ({
        vehicleId: v.vehicleId,
        vehicleName: v.vehicleName,
        miles: fromScaled(v.miles, 1),
        deduction: v.deduction,
        count: v.count,
      })),
    };
  }

  async get(auth: Authenticated, id: string): Promise<Trip> {
    const row = await new TripsRepository(this.db, auth.user.id).get(id);
    if (!row) throw notFound('Trip');
    return toTrip(row);
  }

  async create(auth: Authenticated, body: TripInput): Promise<Trip> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const values = await this.check(tx, ownerId, normalise(body));
      await new PeriodsRepository(tx, ownerId).assertOpen([values.date]);
      const repo = new TripsRepository(tx, ownerId);
      const row = await repo.insert(values);
      await new AuditRepository(tx, ownerId, ownerId).record('trip', row.id, 'create', null, row);
      return toTrip((await repo.get(row.id))!);
    });
  }

  async update(auth: Authenticated, id: string, patch: TripPatch): Promise<Trip> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new TripsRepository(tx, ownerId);
      const before = await repo.lock(id);
      if (!before) throw notFound('Trip');
      const line: TripLine = { ...fromRow(before) };
      for (const [key, value] of Object.entries(patch)) if (value !== undefined) (line as Record<string, unknown>)[key] = value;
      // Readings given without miles: the miles follow them, rather than being checked against the old ones.
      if ((patch.odometerStart !== undefined || patch.odometerEnd !== undefined) && patch.miles === undefined) line.miles = null;
      // Miles given alone on a trip by odometer: it becomes a trip by miles.
      if (patch.miles !== undefined && patch.miles !== null && patch.odometerStart === undefined && patch.odometerEnd === undefined) {
        line.odometerStart = null;
        line.odometerEnd = null;
      }
      const values = await this.check(tx, ownerId, line, before);
      await new PeriodsRepository(tx, ownerId).assertOpen([before.date, values.date]);
      const after = await repo.update(id, values);
      await new AuditRepository(tx, ownerId, ownerId).record('trip', id, 'update', before, after);
      return toTrip((await repo.get(id))!);
    });
  }

  async remove(auth: Authenticated, id: string): Promise<true> {
    const ownerId = auth.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new TripsRepository(tx, ownerId);
      const before = await repo.lock(id);
      if (!before) throw notFound('Trip');
      await new PeriodsRepository(tx, ownerId).assertOpen([before.date]);
      await repo.remove(id);
      await new AuditRepository(tx, ownerId, ownerId).record('trip', id, 'delete', before, null);
      return true as const;
    });
  }

  private async check(tx: Parameters<Parameters<Db['transaction']>[0]>[0], ownerId: string, line: TripLine, before?: TripRow): Promise<NewTrip> {
    const details: ErrorDetail[] = [];
    const refs = await loadReferences(tx, ownerId, { vehicleIds: [line.vehicleId] });
    const vehicle = refs.vehicles.get(line.vehicleId);
    if (!vehicle) details.push({ path: 'vehicleId', message: 'No such vehicle' });
    else if (!vehicle.active && (!before || before.vehicleId !== line.vehicleId)) details.push({ path: 'vehicleId', message: 'This vehicle is inactive' });
    const values = resolveTrip(line, details);
    if (!values || details.length) throw validation('The trip is not valid', details);
    return values;
  }
}

function normalise(b: TripInput): TripLine {
  return {
    vehicleId: b.vehicleId,
    date: b.date,
    odometerStart: b.odometerStart ?? null,
    odometerEnd: b.odometerEnd ?? null,
    miles: b.miles ?? null,
    purpose: b.purpose,
    origin: b.origin ?? null,
    destination: b.destination ?? null,
  };
}

function fromRow(t: TripRow): TripLine {
  return {
    vehicleId: t.vehicleId,
    date: t.date,
    odometerStart: fromTenths(t.odometerStart),
    odometerEnd: fromTenths(t.odometerEnd),
    miles: fromScaled(t.miles, 1),
    purpose: t.purpose,
    origin: t.origin,
    destination: t.destination,
  };
}
