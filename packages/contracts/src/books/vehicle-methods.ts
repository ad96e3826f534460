import { z } from 'zod/mini';
import { ZUuid } from '../common/text.js';
import { decimal, ZYear } from './numbers.js';
import { ZOdometer } from './registries.js';

/**
 * A vehicle's method for a tax year (IRS Publication 463): the standard mileage rate (the default)
 * or the actual expenses at the business-use share. docs/product.md, "Vehicle methods".
 */
export const VEHICLE_METHODS = ['standard', 'actual'] as const;
export type VehicleMethodName = (typeof VEHICLE_METHODS)[number];

export const ZVehicleYearParam = z.object({ id: ZUuid, year: ZYear });

/** All the miles a vehicle drove in a year (business and personal), tenths. */
export const ZYearMiles = decimal(1, 1_000_000, 'The miles driven in the year', { positive: true });

export const ZVehicleMethod = z.object({
  vehicleId: z.string(),
  vehicleName: z.string(),
  year: z.int(),
  method: z.enum(VEHICLE_METHODS),
  /** The year's odometer readings (start and end of the year), or only the miles driven. */
  odometerStart: z.nullable(z.number()),
  odometerEnd: z.nullable(z.number()),
  totalMiles: z.nullable(z.number()),
  /** The year's trips of this vehicle: business miles and their standard mileage deduction. */
  businessMiles: z.number(),
  trips: z.int(),
  mileageDeduction: z.int(),
  /** Business miles ÷ all miles, to four decimals (0.625 is 62.5 %), at most 1; null without the year's miles. */
  businessShare: z.nullable(z.number()),
  /** Expenses naming this vehicle in the year. */
  expenses: z.int(),
  /** All twelve months closed: the method and readings no longer change. */
  closed: z.boolean(),
});
export type VehicleMethod = z.infer<typeof ZVehicleMethod>;
export const ZVehicleMethodList = z.object({ items: z.array(ZVehicleMethod) });
export type VehicleMethodList = z.infer<typeof ZVehicleMethodList>;

/**
 * Sets a year's method. Actual expenses need the year's miles (both odometer readings, or the total),
 * since the share cannot be computed without them; the standard rate may keep readings too.
 */
export const ZVehicleMethodBody = z.strictObject({
  method: z.enum(VEHICLE_METHODS),
  odometerStart: z.optional(z.nullable(ZOdometer)),
  odometerEnd: z.optional(z.nullable(ZOdometer)),
  totalMiles: z.optional(z.nullable(ZYearMiles)),
});
export type VehicleMethodBody = z.input<typeof ZVehicleMethodBody>;
export type VehicleMethodInput = z.infer<typeof ZVehicleMethodBody>;
