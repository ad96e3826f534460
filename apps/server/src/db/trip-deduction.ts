import { sql } from 'drizzle-orm';
import { mileageRates, trips } from './schema/index.js';

// The books' mileage log and the reports both total trips' deductions; one expression keeps them equal.

/** The rate in force on a trip's date, in tenths of a cent per mile (null before the first rate). */
export const rateOnTripDate = sql<
  number | null
>`(select ${mileageRates.rateTenths} from ${mileageRates} where ${mileageRates.effectiveFrom} <= ${trips.date} order by ${mileageRates.effectiveFrom} desc limit 1)`;
/**
 * A trip's deduction in cents: tenths of a mile × tenths of a cent / 100, rounded half up on its own
 * (both factors are positive, so integer division after adding 50 rounds half up). Every total is a
 * sum of these, so a month, a year and a vehicle always add up.
 */
export const tripDeductionSql = sql<number>`coalesce((${trips.miles} * ${rateOnTripDate} + 50) / 100, 0)`;
