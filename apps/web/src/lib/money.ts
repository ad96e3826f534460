/**
 * Money and typed numbers, the one place for both directions: integer cents in, text out
 * (`formatMoney` for reading, `centsToText` for a form field), and text in, integer cents out
 * (`parseMoney`, the only parser of money). None goes through a binary float: the digits are
 * handled as strings, so "0.29" is 29 cents and 9,007,199,254,740.99 formats as typed. Decimals that
 * are not money (a quantity, hours, miles, a rate in cents per mile) are read by `decimalText`.
 */
import { fromScaled, MAX_LINE_CENTS } from '@cuadre/contracts';
import { numberFormat } from './intl';

/** Integer cents as a plain decimal string ("-1234.05"), exactly. */
function centsDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Integer cents as money text in the active language and the business currency. */
export function formatMoney(cents: number, lang: string, currency = 'USD'): string {
  // Intl formats a decimal string exactly (no conversion to a float on the way).
  return numberFormat(lang, { style: 'currency', currency }).format(centsDecimal(cents) as unknown as number);
}

/** Cents rounded half up (away from zero) to whole units of the currency, in integers: 16513.98 → 16514.00. */
export function roundToWholeUnits(cents: number): number {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const whole = abs - rest + (rest >= 50 ? 100 : 0);
  return cents < 0 && whole > 0 ? -whole : whole;
}

/** Cents as the plain text a form field starts from (12345 → "123.45"; none → ""), which parseMoney reads back exactly. */
export function centsToText(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : centsDecimal(cents);
}

/**
 * Money typed by a person, to integer cents; undefined when it is not an amount. Accepts a sign, a
 * currency symbol and spaces, grouping with '.', ',' or spaces, and at most two decimals:
 * "1,234.56", "1.234,56", "1234,5", "$ 12", "-3.10". When one separator could be either (one ','
 * or '.' followed by three digits, "1,234"), it is grouping
 * in any language: three decimals are never money, so it is grouping ("1.234" in Spanish is the
 * same 1234 as "1,234" in English).
 */
export function parseMoney(text: string): number | undefined {
  let s = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/^[^\d.,+-]+|[^\d.,]+$/g, ''); // a currency symbol or code before or after
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = negative || s.startsWith('-');
    s = s.slice(1).replace(/^[^\d.,]+/, '');
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return undefined;

  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimal: '.' | ',' | undefined;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : undefined;
    if (sep) {
      const count = s.split(sep).length - 1;
      const after = s.length - s.lastIndexOf(sep) - 1;
      if (count > 1)
        decimal = undefined; // "1.234.567": grouping
      else if (after === 3)
        decimal = undefined; // "1,234" / "1.234": three decimals are not money
      else decimal = sep;
    }
  }
  const group = decimal === '.' ? ',' : decimal === ',' ? '.' : undefined;
  let whole = s;
  let fraction = '';
  if (decimal) {
    const at = s.lastIndexOf(decimal);
    whole = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (whole.includes(decimal)) return undefined;
  }
  // What is left of the whole part may carry grouping: the other separator (or, with no decimals, either one).
  const groups = whole.split(group ?? /[.,]/);
  // Grouped digits come in threes after the first group: "1.234.567", never "12.345.6" or "12..5".
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) return undefined;
  whole = groups.join('');
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction) || (whole === '' && fraction === '')) return undefined;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}

/**
 * What is wrong with an amount as typed for one line, if anything: not an amount above zero, or more
 * than a line holds (10^11 cents). A number typed another way ("1e12", twenty nines) is too large,
 * not "not an amount": the owner meant a number, and it is the size that is refused.
 */
export function amountProblem(text: string, max = MAX_LINE_CENTS): 'invalid' | 'tooLarge' | undefined {
  const cents = parseMoney(text);
  if (cents !== undefined) return cents <= 0 ? 'invalid' : cents > max ? 'tooLarge' : undefined;
  const n = Number(text.trim());
  return !Number.isNaN(n) && n * 100 > max ? 'tooLarge' : 'invalid';
}

/** quantity × unit cost as the server computes it: thousandths × cents, half up, in integers. */
export function purchasePreview(quantity: string, unitCost: number | undefined): number | undefined {
  const q = decimalText(quantity, 3);
  if (q === undefined || unitCost === undefined) return undefined;
  const [whole = '0', frac = ''] = q.split('.');
  const thousandths = BigInt(whole + frac.padEnd(3, '0'));
  return Number((thousandths * BigInt(unitCost) + 500n) / 1000n);
}

/**
 * A decimal that is not money, typed with a comma or a point ("2,5", "2.5"), as the text the API
 * takes; undefined if it is not one or has more than `places` decimals. No grouping: "1,234" is
 * one and 234 thousandths where three places are allowed.
 */
export function decimalText(text: string, places: number): string | undefined {
  const s = text.trim().replace(',', '.');
  return new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`).test(s) ? s : undefined;
}

/** A decimal the API sent (miles, hours, a quantity) as the text a form field starts from. */
export const numberText = (n: number | null | undefined, places: number) =>
  n === null || n === undefined ? '' : String(fromScaled(Math.round(n * 10 ** places), places));
