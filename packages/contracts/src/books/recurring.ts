import { z } from 'zod/mini';
import { ZPageQuery, ZPagination } from '../common/pagination.js';
import { ZLineCents } from '../common/money.js';
import { text } from '../common/text.js';
import { ZEntry, ZEntryBody, ZEntryType } from './entries.js';
import { ZDate } from './numbers.js';

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export const ZRecurringFrequency = z.enum(RECURRING_FREQUENCIES);
export type RecurringFrequency = z.infer<typeof ZRecurringFrequency>;

/** `record`: the entry is written on its date; `remind`: a notification on its date, recorded in one click. */
export const RECURRING_MODES = ['record', 'remind'] as const;
export const ZRecurringMode = z.enum(RECURRING_MODES);
export type RecurringMode = z.infer<typeof ZRecurringMode>;

/** What each occurrence writes: an entry as `POST /api/entries` takes it, without its date (the occurrence gives it). */
export const ZRecurringTemplate = z.omit(ZEntryBody, { date: true });
export type RecurringTemplateBody = z.input<typeof ZRecurringTemplate>;

const ZInterval = z.int().check(z.gte(1, 'At least 1'), z.lte(99, 'At most 99'));
const ZCount = z.int().check(z.gte(1, 'At least 1'), z.lte(1000, 'At most 1000'));

export const ZRecurringBody = z.strictObject({
  template: ZRecurringTemplate,
  frequency: ZRecurringFrequency,
  interval: z._default(ZInterval, 1),
  startDate: ZDate,
  /** The last date an occurrence may fall on (inclusive); or `count`, how many occurrences in all; neither: no end. */
  endDate: z.optional(z.nullable(ZDate)),
  count: z.optional(z.nullable(ZCount)),
  mode: z._default(ZRecurringMode, 'record'),
  /**
   * Writes the first occurrence (the start date's entry) now, in the same transaction, counted as
   * the first: the entry dialog's "Repeat". The answer carries it as `firstEntry`.
   */
  recordFirst: z.optional(z.boolean()),
});
export type RecurringBody = z.input<typeof ZRecurringBody>;
export type RecurringInput = z.infer<typeof ZRecurringBody>;

export const ZRecurringPatch = z.strictObject({
  template: z.optional(ZRecurringTemplate),
  frequency: z.optional(ZRecurringFrequency),
  interval: z.optional(ZInterval),
  endDate: z.optional(z.nullable(ZDate)),
  count: z.optional(z.nullable(ZCount)),
  mode: z.optional(ZRecurringMode),
  paused: z.optional(z.boolean()),
});
export type RecurringPatch = z.input<typeof ZRecurringPatch>;
export type RecurringPatchInput = z.infer<typeof ZRecurringPatch>;

/** The template as answered (plain values: the request's schema parses text into numbers, which an answer cannot undo). */
const maybe = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));
export const ZRecurringTemplateOut = z.object({
  type: ZEntryType,
  amount: maybe(z.int()),
  categoryId: maybe(z.string()),
  subcategoryId: maybe(z.string()),
  paymentMethod: z.optional(z.string()),
  reference: maybe(z.string()),
  description: maybe(z.string()),
  workerId: maybe(z.string()),
  providerId: maybe(z.string()),
  productId: maybe(z.string()),
  contactId: maybe(z.string()),
  vehicleId: maybe(z.string()),
  quantity: maybe(z.number()),
  unitCost: maybe(z.int()),
  hours: maybe(z.number()),
  inventoryProductId: maybe(z.string()),
});
export type RecurringTemplateOut = z.infer<typeof ZRecurringTemplateOut>;

export const ZRecurring = z.object({
  id: z.string(),
  template: ZRecurringTemplateOut,
  type: ZEntryType,
  amount: z.nullable(z.int()),
  categoryName: z.nullable(z.string()),
  description: z.nullable(z.string()),
  frequency: ZRecurringFrequency,
  interval: z.int(),
  startDate: z.string(),
  endDate: z.nullable(z.string()),
  count: z.nullable(z.int()),
  mode: ZRecurringMode,
  paused: z.boolean(),
  /** The next due date (null once ended). */
  nextDate: z.nullable(z.string()),
  /** Occurrences passed so far (recorded, reminded, or falling in a closed month). */
  made: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only in the answer of a creation with `recordFirst`. */
  firstEntry: z.optional(ZEntry),
});
export type Recurring = z.infer<typeof ZRecurring>;

export const ZRecurringList = z.object({ items: z.array(ZRecurring), pagination: ZPagination });
export type RecurringList = z.infer<typeof ZRecurringList>;

export const RECURRING_SORTS = ['nextDate', 'amount', 'createdAt'] as const;
export const ZRecurringQuery = z.extend(ZPageQuery, {
  search: z.optional(text(120, z.trim())),
  mode: z.optional(ZRecurringMode),
  /** Only those whose next date falls on or before this day (the books hub: what is due this month). */
  dueBy: z.optional(ZDate),
  sort: z._default(z.enum(RECURRING_SORTS), 'nextDate'),
});
export type RecurringQuery = z.infer<typeof ZRecurringQuery>;

/** `POST /api/recurring/:id/record`: records a reminded occurrence; the amount may differ from the template's. */
export const ZRecurringRecordBody = z.strictObject({ date: ZDate, amount: z.optional(ZLineCents) });
export type RecurringRecordBody = z.input<typeof ZRecurringRecordBody>;

/** Whether the runtime knows this IANA time zone. */
export const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** The calendar day at `now` in `timeZone`, as YYYY-MM-DD. */
export function localDay(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const MONTHS: Record<Exclude<RecurringFrequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The `n`th occurrence (0 for the start date) of a schedule. Always reckoned from the start date, so
 * a template on the 31st falls on the last day of shorter months (30 April, 28 or 29 February) and
 * comes back to the 31st in the months that have one; a yearly one on 29 February falls on 28
 * February outside leap years.
 */
export function occurrenceDate(startDate: string, frequency: RecurringFrequency, interval: number, n: number): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  if (frequency === 'weekly') {
    const at = new Date(Date.UTC(y, m - 1, d + 7 * interval * n));
    return at.toISOString().slice(0, 10);
  }
  const months = m - 1 + MONTHS[frequency] * interval * n;
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whether the `n`th occurrence falls within the schedule's end (a date, a count, or none). */
export function withinEnd(schedule: { endDate: string | null; count: number | null }, n: number, date: string): boolean {
  if (schedule.count !== null && n >= schedule.count) return false;
  if (schedule.endDate !== null && date > schedule.endDate) return false;
  return true;
}
