import { sql } from 'drizzle-orm';
import type { EntryType, Language } from '@cuadre/contracts';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { entries, products, providers, vehicles, workers } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type Registry = 'workers' | 'providers' | 'vehicles' | 'products';
const TABLE = { workers, providers, vehicles, products } as const;

/** One owner's records that a search finds; each query capped, each on the owner's own rows only; the chart's names in `language`. */
export class SearchRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    ownerId: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** Records of a registry whose name contains the text (active ones first). */
  registry(which: Registry, pattern: string, cap: number) {
    return queryRows<{ id: string; name: string; active: boolean }>(
      this.db,
      this.s.sql`SELECT id, name, active FROM ${TABLE[which]} WHERE name ILIKE ${pattern} ESCAPE '\\'
          ORDER BY active DESC, lower(name) LIMIT ${cap}`,
    );
  }

  /** Entries whose description or reference contains the text, or whose amount is `cents`; newest first. */
  entries(pattern: string, cents: number | null, cap: number) {
    return queryRows<{ id: string; type: EntryType; date: string; amount: string; description: string | null; reference: string | null; category: string }>(
      this.db,
      this.s.sql`SELECT e.id, e.type, to_char(e.date, 'YYYY-MM-DD') AS date, e.amount::text AS amount, e.description, e.reference,
                 coalesce(c.names ->> ${this.language}::text, c.name) AS category
          FROM ${entries} e JOIN categories c ON c.id = e.category_id
          WHERE (e.description ILIKE ${pattern} ESCAPE '\\' OR e.reference ILIKE ${pattern} ESCAPE '\\' ${cents === null ? sql`` : sql`OR e.amount = ${cents}`})
          ORDER BY e.date DESC, e.created_at DESC LIMIT ${cap}`,
    );
  }
}

/** A LIKE pattern that finds the text anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * The cents a query means when it is an amount ("45.10", "1,234.56", "1.234,56", "$75"), read
 * through strings; null when it is not one.
 */
export function amountOf(query: string): number | null {
  const s = query.replace(/[\s$€£₺]/g, '');
  let whole: string;
  let frac: string;
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/))) [whole, frac] = [m[1]!.replace(/,/g, ''), m[2] ?? ''];
  else if ((m = s.match(/^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/))) [whole, frac] = [m[1]!.replace(/\./g, ''), m[2] ?? ''];
  else if ((m = s.match(/^(\d{1,9})(?:[.,](\d{1,2}))?$/))) [whole, frac] = [m[1]!, m[2] ?? ''];
  else return null;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0') || '0');
  return cents > 0 && Number.isSafeInteger(cents) ? cents : null;
}
