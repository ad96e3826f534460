import { createRequire } from 'node:module';
import { isRealDate, type ImportMapping } from '@cuadre/contracts';

/**
 * Reading a bank statement into plain rows: CSV in any column order (a mapping names the columns)
 * or OFX/QFX (node-ofx-parser). Amounts become integer cents through strings, never a float.
 */
export interface StatementRow {
  line: number;
  date: string | null;
  description: string;
  reference: string | null;
  bankRef: string | null;
  /** Signed cents: positive money in, negative money out; null when unreadable. */
  cents: number | null;
  errors: { field: string; message: string }[];
}

/** RFC 4180 with the delimiter the header line uses most (comma, semicolon or tab). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((x) => x.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell);
  if (row.some((x) => x.trim() !== '')) rows.push(row);
  return rows;
}

/** A decimal written with `decimal` as its separator ("1.234,56" or "1,234.56", "(12.00)" or "-12") to signed cents. */
export function parseAmount(text: string, decimal: '.' | ','): number | null {
  let s = text.trim().replace(/[\s\u00a0$€£₺]/g, '');
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  const thousands = decimal === '.' ? ',' : '.';
  s = s.split(thousands).join('');
  const [whole, fraction = '', extra] = s.split(decimal);
  if (extra !== undefined || !/^\d+$/.test(whole || '0') || !/^\d*$/.test(fraction) || fraction.length > 2 || (!whole && !fraction)) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

const DATE_PATTERNS: Record<ImportMapping['dateFormat'], [RegExp, ('y' | 'm' | 'd')[]]> = {
  'YYYY-MM-DD': [/^(\d{4})-(\d{1,2})-(\d{1,2})/, ['y', 'm', 'd']],
  YYYYMMDD: [/^(\d{4})(\d{2})(\d{2})/, ['y', 'm', 'd']],
  'MM/DD/YYYY': [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, ['m', 'd', 'y']],
  'DD/MM/YYYY': [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, ['d', 'm', 'y']],
  'DD.MM.YYYY': [/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, ['d', 'm', 'y']],
};

/** A date in the statement's format to YYYY-MM-DD, or null when it is not a real date. */
export function parseDate(text: string, format: ImportMapping['dateFormat']): string | null {
  const [pattern, order] = DATE_PATTERNS[format];
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const part = (k: 'y' | 'm' | 'd') => match[order.indexOf(k) + 1] ?? '';
  const iso = `${part('y')}-${part('m').padStart(2, '0')}-${part('d').padStart(2, '0')}`;
  return isRealDate(iso) ? iso : null;
}

const HEADER_GUESSES: [keyof ImportMapping, RegExp][] = [
  ['date', /^(date|fecha|tarih|posted|posting date|transaction date|fecha operaci[oó]n)$/i],
  ['description', /^(description|descripci[oó]n|concepto|memo|payee|name|details|a[cç][ıi]klama)$/i],
  ['amount', /^(amount|importe|monto|tutar|cantidad)$/i],
  ['debit', /^(debit|d[eé]bito|cargo|withdrawal|withdrawals|bor[cç])$/i],
  ['credit', /^(credit|cr[eé]dito|abono|deposit|deposits|alacak)$/i],
  ['reference', /^(reference|referencia|ref|id|transaction id|check|cheque|n[uú]mero)$/i],
];

/** A first guess at the columns from the header's names, and at the date format and decimal separator from the first rows. */
export function guessMapping(header: string[], sample: string[][]): ImportMapping | null {
  const pick = (key: keyof ImportMapping) => header.find((h) => HEADER_GUESSES.find(([k]) => k === key)![1].test(h.trim()));
  const date = pick('date');
  if (!date) return null;
  const at = header.indexOf(date);
  const dates = sample.map((r) => r[at] ?? '').filter(Boolean);
  const amountColumn = pick('amount') ?? pick('debit') ?? pick('credit');
  const amounts = amountColumn ? sample.map((r) => r[header.indexOf(amountColumn)] ?? '').filter(Boolean) : [];
  // "1.234,56" or "12,5": a comma after the last dot marks a decimal comma.
  const decimal = amounts.some((a) => /,\d{1,2}\)?-?$/.test(a.trim()) && !/\.\d{1,2}\)?-?$/.test(a.trim())) ? ',' : '.';
  // The format that reads the most sample dates (a bad row does not spoil the guess); where month and
  // day first read as many, a decimal comma says the bank writes the day first.
  const formats: ImportMapping['dateFormat'][] =
    decimal === ','
      ? ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'YYYYMMDD']
      : ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'];
  const readable = (f: ImportMapping['dateFormat']) => dates.filter((d) => parseDate(d, f)).length;
  const dateFormat = formats.reduce((best, f) => (readable(f) > readable(best) ? f : best), formats[0]!);
  return {
    date,
    description: pick('description'),
    amount: pick('amount'),
    debit: pick('debit'),
    credit: pick('credit'),
    reference: pick('reference'),
    dateFormat,
    decimal,
  };
}

/** The CSV's data rows read through a mapping. */
export function csvRows(header: string[], data: string[][], mapping: ImportMapping): StatementRow[] {
  const col = (name: string | undefined) => (name ? header.indexOf(name) : -1);
  const [dateAt, descAt, amountAt, debitAt, creditAt, refAt] = [
    mapping.date,
    mapping.description,
    mapping.amount,
    mapping.debit,
    mapping.credit,
    mapping.reference,
  ].map(col);
  return data.map((cells, i) => {
    const errors: StatementRow['errors'] = [];
    const rawDate = cells[dateAt!] ?? '';
    const date = parseDate(rawDate, mapping.dateFormat);
    if (!date)
      errors.push({ field: 'date', message: rawDate.trim() ? `"${rawDate.trim()}" is not a date in the format ${mapping.dateFormat}` : 'The date is missing' });
    let cents: number | null = null;
    if (amountAt! >= 0) {
      cents = parseAmount(cells[amountAt!] ?? '', mapping.decimal);
    } else {
      const debit = parseAmount(cells[debitAt!] ?? '', mapping.decimal);
      const credit = parseAmount(cells[creditAt!] ?? '', mapping.decimal);
      if (debit !== null || credit !== null) cents = (credit ? Math.abs(credit) : 0) - (debit ? Math.abs(debit) : 0);
    }
    if (cents === null) errors.push({ field: 'amount', message: 'The amount is missing or not a number' });
    const reference = refAt! >= 0 ? (cells[refAt!] ?? '').trim() || null : null;
    return { line: i + 2, date, description: (descAt! >= 0 ? (cells[descAt!] ?? '') : '').trim(), reference, bankRef: reference, cents, errors };
  });
}

interface OfxTransaction {
  DTPOSTED?: string;
  TRNAMT?: string;
  FITID?: string;
  NAME?: string;
  MEMO?: string;
  CHECKNUM?: string;
  REFNUM?: string;
}

// node-ofx-parser is CommonJS without types: parse(text) gives the OFX tree as plain objects.
const require = createRequire(import.meta.url);
const ofx = require('node-ofx-parser') as { parse(text: string): unknown };

/** Every STMTTRN of an OFX or QFX file (bank or credit card statements), wherever it sits in the tree. */
export function ofxRows(text: string): StatementRow[] {
  if (!/<OFX>/i.test(text)) throw new Error('This is not an OFX or QFX file');
  let tree: unknown;
  try {
    tree = ofx.parse(text);
  } catch {
    throw new Error('This is not an OFX or QFX file');
  }
  const found: OfxTransaction[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'STMTTRN') found.push(...(Array.isArray(value) ? value : [value]));
      else walk(value);
    }
  };
  walk(tree);
  if (!found.length) throw new Error('No transactions were found in this OFX or QFX file');
  const unescape = (s: string | undefined) => (s ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
  return found.map((t, i) => {
    const errors: StatementRow['errors'] = [];
    const date = parseDate(String(t.DTPOSTED ?? ''), 'YYYYMMDD');
    if (!date) errors.push({ field: 'date', message: 'The date is missing or not a date' });
    const cents = parseAmount(String(t.TRNAMT ?? ''), '.');
    if (cents === null) errors.push({ field: 'amount', message: 'The amount is missing or not a number' });
    const name = unescape(t.NAME);
    const memo = unescape(t.MEMO);
    return {
      line: i + 1,
      date,
      description: [name, memo && memo !== name ? memo : ''].filter(Boolean).join(' · '),
      reference: unescape(t.CHECKNUM) || unescape(t.REFNUM) || null,
      bankRef: unescape(t.FITID) || null,
      cents,
      errors,
    };
  });
}
