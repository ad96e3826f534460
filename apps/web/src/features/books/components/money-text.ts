import { fromScaled } from '@cuadre/contracts';

/** Cents as the plain text a form field starts from (12345 → "123.45"), which parseMoney reads back exactly. */
export function centsToText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A decimal typed with a comma or a point ("2,5", "2.5"), as the text the API takes; undefined if it is not one. */
export function decimalText(text: string, places: number): string | undefined {
  const s = text.trim().replace(',', '.');
  return new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`).test(s) ? s : undefined;
}

/** quantity × unit cost as the server computes it: thousandths × cents, half up, in integers. */
export function purchasePreview(quantity: string, unitCost: number | undefined): number | undefined {
  const q = decimalText(quantity, 3);
  if (q === undefined || unitCost === undefined) return undefined;
  const [whole = '0', frac = ''] = q.split('.');
  const thousandths = BigInt(whole + frac.padEnd(3, '0'));
  return Number((thousandths * BigInt(unitCost) + 500n) / 1000n);
}

export const numberText = (n: number | null | undefined, places: number) =>
  n === null || n === undefined ? '' : String(fromScaled(Math.round(n * 10 ** places), places));
