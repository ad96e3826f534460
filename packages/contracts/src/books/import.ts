import { z } from 'zod/mini';
import { ZUuid } from '../common/text.js';
import { ZLineCents } from '../common/money.js';
import { optionalText, requiredText, ZDate } from './numbers.js';
import { ZPaymentMethod } from './entries.js';

/** How a bank's CSV is read: which column holds what, the date format and the decimal separator. */
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'] as const;
const column = z.optional(z.string().check(z.maxLength(100)));
export const ZImportMapping = z.object({
  date: z.string().check(z.minLength(1, 'Choose the date column'), z.maxLength(100)),
  description: column,
  /** One signed amount column, or a debit and a credit column. */
  amount: column,
  debit: column,
  credit: column,
  reference: column,
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
  decimal: z.enum(['.', ',']),
});
export type ImportMapping = z.infer<typeof ZImportMapping>;

/** At most 5 MB of statement text. */
export const IMPORT_MAX_CHARS = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export const ZImportPreviewBody = z.strictObject({
  format: z.enum(['csv', 'ofx']),
  content: z.string().check(z.minLength(1, 'The file is empty'), z.maxLength(IMPORT_MAX_CHARS, 'The file is larger than 5 MB')),
  /** The bank's name: its saved mapping is used when no mapping is given. */
  bank: optionalText(80),
  mapping: z.optional(ZImportMapping),
});
export type ImportPreviewBody = z.input<typeof ZImportPreviewBody>;

export const ZImportRow = z.object({
  /** The row's position in the statement, from 1. */
  line: z.int(),
  date: z.nullable(z.string()),
  description: z.string(),
  reference: z.nullable(z.string()),
  bankRef: z.nullable(z.string()),
  /** Positive cents; `direction` says whether money came in or went out. */
  amount: z.nullable(z.int()),
  direction: z.nullable(z.enum(['in', 'out'])),
  type: z.nullable(z.enum(['income', 'expense'])),
  categoryId: z.nullable(z.string()),
  subcategoryId: z.nullable(z.string()),
  /** The rule that chose the category, if one did. */
  rule: z.nullable(z.string()),
  /** Already in the books (the bank's id, else the same date, amount and description): skipped unless kept. */
  duplicate: z.boolean(),
  closed: z.boolean(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof ZImportRow>;
export const ZImportPreview = z.object({
  columns: z.array(z.string()),
  mapping: z.nullable(ZImportMapping),
  rows: z.array(ZImportRow),
  counts: z.object({ rows: z.int(), ready: z.int(), errors: z.int(), duplicates: z.int() }),
});
export type ImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportCommitRow = z.strictObject({
  date: ZDate,
  type: z.enum(['income', 'expense']),
  amount: ZLineCents,
  categoryId: ZUuid,
  subcategoryId: z.optional(z.nullable(ZUuid)),
  description: optionalText(500),
  reference: optionalText(60),
  bankRef: optionalText(120),
});
export const ZImportCommitBody = z.strictObject({
  rows: z.array(ZImportCommitRow).check(z.minLength(1, 'Choose at least one row'), z.maxLength(IMPORT_MAX_ROWS, `At most ${IMPORT_MAX_ROWS} rows at once`)),
  paymentMethod: z._default(ZPaymentMethod, 'transfer'),
  /** Saves the mapping under this bank's name, to be offered next time. */
  bank: optionalText(80),
  mapping: z.optional(ZImportMapping),
});
export type ImportCommitBody = z.input<typeof ZImportCommitBody>;
export const ZImportCommitResult = z.object({ created: z.int() });

/**
 * What an import job leaves for the screen to read back (`GET /api/jobs/:id/download`), so that a
 * reload finds the reviewed statement, or the import's outcome, where it was.
 */
export const ZImportPreviewJobResult = z.object({
  format: z.enum(['csv', 'ofx']),
  bank: z.nullable(z.string()),
  preview: ZImportPreview,
});
export type ImportPreviewJobResult = z.infer<typeof ZImportPreviewJobResult>;
export const ZImportCommitJobResult = z.object({
  created: z.int(),
  /** The month of the first row written (YYYY-MM), for a link to it. */
  month: z.nullable(z.string()),
});
export type ImportCommitJobResult = z.infer<typeof ZImportCommitJobResult>;

export const ZImportRule = z.object({ id: z.string(), contains: z.string(), categoryId: z.string(), subcategoryId: z.nullable(z.string()) });
export type ImportRule = z.infer<typeof ZImportRule>;
export const ZImportRuleList = z.object({ items: z.array(ZImportRule) });
export const ZImportRuleBody = z.strictObject({ contains: requiredText(80, 'The text'), categoryId: ZUuid, subcategoryId: z.optional(z.nullable(ZUuid)) });
export type ImportRuleBody = z.input<typeof ZImportRuleBody>;
export const ZImportProfileList = z.object({ items: z.array(z.object({ bank: z.string(), mapping: ZImportMapping })) });
export type ImportCommit = z.infer<typeof ZImportCommitBody>;
