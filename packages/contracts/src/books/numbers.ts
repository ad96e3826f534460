import { z } from 'zod/mini';
import { text } from '../common/text.js';

/**
 * A decimal number with at most `places` decimals, written as a JSON number (2.5) or a string
 * ("2.5"). Checked through its text, so 0.1 is one decimal and never 0.1000000000000000055; the
 * server scales it to an integer (thousandths, tenths) with `toScaled`, never through a float product.
 */
export function decimal(places: number, max: number, label: string, opts: { positive?: boolean } = {}) {
  const pattern = new RegExp(`^\\d{1,12}(?:\\.\\d{1,${places}})?$`);
  return z.pipe(
    z.union([z.number(), text(24, z.trim())]),
    z.transform((value, ctx) => {
      const s = typeof value === 'number' ? String(value) : value;
      // A negative number is well written; what is wrong with it is its sign, and the message says so.
      if (/^-\d/.test(s) && pattern.test(s.slice(1))) {
        ctx.issues.push({ code: 'custom', input: value, message: opts.positive ? `${label} must be more than zero` : `${label} must not be negative` });
        return z.NEVER;
      }
      if (!pattern.test(s)) {
        ctx.issues.push({ code: 'custom', input: value, message: `${label} must be a number with at most ${places} decimal${places === 1 ? '' : 's'}` });
        return z.NEVER;
      }
      const n = Number(s);
      if (opts.positive && n === 0) {
        ctx.issues.push({ code: 'custom', input: value, message: `${label} must be more than zero` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.issues.push({ code: 'custom', input: value, message: `${label} must be at most ${max}` });
        return z.NEVER;
      }
      return n;
    }),
  );
}

/** `value` × 10^places as an exact integer, through the number's text (2.675 → 2675 at 3 places). */
export function toScaled(value: number, places: number): number {
  const [whole = '0', frac = ''] = String(value).split('.');
  return Number(whole + frac.padEnd(places, '0').slice(0, places));
}

/** The inverse of `toScaled`: 2675 at 3 places → 2.675. */
export function fromScaled(value: number, places: number): number {
  return Number((value / 10 ** places).toFixed(places));
}

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not), between 1900 and 2999. */
export const ZDate = text(10, z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD'), z.refine(isRealDate, 'Not a real date'));

export function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const ZYear = z.coerce.number().check(z.int('Use a whole year'), z.gte(1900, 'Use a year from 1900'), z.lte(2999, 'Use a year before 3000'));
export const ZMonth = z.coerce.number().check(z.int('Use a month from 1 to 12'), z.gte(1, 'Use a month from 1 to 12'), z.lte(12, 'Use a month from 1 to 12'));

/** `true`/`false` in a query string. */
export const ZQueryBool = z.pipe(
  z.enum(['true', 'false']),
  z.transform((v) => v === 'true'),
);

/** Optional free text of a record: trimmed, empty means none. */
export const optionalText = (max: number) => z.optional(z.nullable(text(max, z.trim())));
export const requiredText = (max: number, label: string) => text(max, z.trim(), z.minLength(1, `${label} is required`));
