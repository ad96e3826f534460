import type { ImportRow } from '@cuadre/contracts';

/** The file the owner chose, read in the browser (the server reads its content, never a path). */
export interface ChosenFile {
  name: string;
  content: string;
  format: 'csv' | 'ofx';
}

/** What the owner decided for each row: included or not, and its category. */
export interface Choice {
  include: boolean;
  categoryId: string | null;
}

/** A row can go in when nothing but its category was wrong (the owner picks one here). */
export const usable = (r: ImportRow) => r.errors.every((e) => e.field === 'categoryId') && !r.closed;

/** Rows without problems go in; duplicates stay out unless kept; a missing category can still be chosen. */
export const initialChoices = (rows: ImportRow[]): Choice[] =>
  rows.map((r) => ({ include: !r.duplicate && r.errors.every((e) => e.field === 'categoryId'), categoryId: r.categoryId }));
