import { z } from 'zod/mini';
import { ZPageQuery } from '../common/pagination.js';
import { text, ZUuid } from '../common/text.js';
import { decimal, optionalText, requiredText, ZDate } from './numbers.js';
import { ZOdometer } from './registries.js';

export const ZMiles = decimal(1, 100_000, 'The miles', { positive: true });

export const ZTrip = z.object({
  id: z.string(),
  vehicleId: z.string(),
  vehicleName: z.string(),
  date: z.string(),
  odometerStart: z.nullable(z.number()),
  odometerEnd: z.nullable(z.number()),
  /** Miles, to a tenth. */
  miles: z.number(),
  purpose: z.string(),
  origin: z.nullable(z.string()),
  destination: z.nullable(z.string()),
  /** The rate in force on the trip's date, cents per mile (65.5), or null when none is. */
  centsPerMile: z.nullable(z.number()),
  /** miles × rate, rounded half up to the cent on its own. */
  deduction: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trip = z.infer<typeof ZTrip>;

export const ZTripList = z.object({
  items: z.array(ZTrip),
  pagination: z.object({ page: z.int(), size: z.int(), total: z.int(), lastPage: z.int() }),
  totals: z.object({ miles: z.number(), deduction: z.int(), count: z.int() }),
  /** Per vehicle over the whole filter (not just the page). */
  vehicles: z.array(z.object({ vehicleId: z.string(), vehicleName: z.string(), miles: z.number(), deduction: z.int(), count: z.int() })),
});
export type TripList = z.infer<typeof ZTripList>;

export const TRIP_SORTS = ['date', 'miles', 'vehicle', 'createdAt'] as const;
export const ZTripQuery = z.extend(ZPageQuery, {
  vehicleId: z.optional(ZUuid),
  from: z.optional(ZDate),
  to: z.optional(ZDate),
  search: z.optional(text(120, z.trim())),
  sort: z._default(z.enum(TRIP_SORTS), 'date'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
});
export type TripQuery = z.infer<typeof ZTripQuery>;

export const ZTripBody = z.strictObject({
  vehicleId: ZUuid,
  date: ZDate,
  odometerStart: z.optional(z.nullable(ZOdometer)),
  odometerEnd: z.optional(z.nullable(ZOdometer)),
  miles: z.optional(z.nullable(ZMiles)),
  purpose: requiredText(300, 'The business purpose'),
  origin: optionalText(200),
  destination: optionalText(200),
});
export type TripBody = z.input<typeof ZTripBody>;
export type TripInput = z.infer<typeof ZTripBody>;
export const ZTripPatch = z.partial(ZTripBody);
export type TripPatch = z.input<typeof ZTripPatch>;

/** A trip's deduction in cents: tenths of a mile × tenths of a cent per mile / 100, rounded half up. */
export function tripDeduction(milesTenths: number, rateTenths: number): number {
  return Number((BigInt(milesTenths) * BigInt(rateTenths) + 50n) / 100n);
}
