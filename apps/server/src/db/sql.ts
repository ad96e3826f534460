import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';

/** A user's search text as a LIKE/ILIKE pattern piece: `%`, `_` and `\` match themselves, not anything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * A chart row's name as a reader sees it: a default category or subcategory carries its name in each
 * language (`names`); anything someone wrote has none and reads as written. For a row a left join
 * left empty, null.
 */
export const shownName = (t: { name: AnyColumn; names: AnyColumn }, language: Language) => shownNameIn(t, sql`${language}::text`);
/** The same, the language given as SQL (a prepared statement's parameter). */
export const shownNameIn = (t: { name: AnyColumn; names: AnyColumn }, language: SQL) => sql<string>`coalesce(${t.names} ->> ${language}, ${t.name})`;
