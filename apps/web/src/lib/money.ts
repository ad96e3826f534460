/**
 * Money on screen: integer cents in, text out (`formatMoney`), and text in, integer cents out
 * (`parseMoney`). Neither goes through a binary float: the digits are handled as strings, so
 * "0.29" is 29 cents and 9,007,199,254,740.99 formats as typed.
 */
import { numberFormat } from './intl';

/** Integer cents as money text in the active language and the business currency. */
export function formatMoney(cents: number, lang: string, currency = 'USD'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const decimal = `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  // Intl formats a decimal string exactly (no conversion to a float on the way).
  return numberFormat(lang, { style: 'currency', currency }).format(decimal as unknown as number);
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
