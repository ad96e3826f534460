/**
 * CSV as RFC 4180 says (CRLF, fields with a comma, quote or line break in quotes, quotes doubled),
 * UTF-8 with a byte-order mark so spreadsheet programs read accents right. A text cell that starts
 * with = + - @ (or a tab or carriage return) is prefixed with ' so a spreadsheet never runs it as
 * a formula; numbers are written as numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

export const CSV_BOM = '\uFEFF';

/** Cents as a plain decimal (12345 → "123.45"), exact, for a spreadsheet to read as a number. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
