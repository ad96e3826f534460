import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { ImportMapping } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { entries, importProfiles, importRules } from '../../db/schema/index.js';

/** One owner's import rules, saved bank mappings, and the entries an import must not write twice. */
export class ImportRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {}

  rules() {
    return this.db.select().from(importRules).where(eq(importRules.ownerId, this.ownerId)).orderBy(asc(importRules.createdAt));
  }

  async addRule(contains: string, categoryId: string, subcategoryId: string | null) {
    const [row] = await this.db.insert(importRules).values({ ownerId: this.ownerId, contains, categoryId, subcategoryId }).returning();
    return row!;
  }

  async removeRule(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(importRules)
      .where(and(eq(importRules.ownerId, this.ownerId), eq(importRules.id, id)))
      .returning({ id: importRules.id });
    return rows.length > 0;
  }

  profiles() {
    return this.db.select().from(importProfiles).where(eq(importProfiles.ownerId, this.ownerId)).orderBy(asc(importProfiles.bank));
  }

  async profile(bank: string) {
    const [row] = await this.db
      .select()
      .from(importProfiles)
      .where(and(eq(importProfiles.ownerId, this.ownerId), sql`lower(${importProfiles.bank}) = lower(${bank})`));
    return row;
  }

  async saveProfile(bank: string, mapping: ImportMapping) {
    const updated = await this.db
      .update(importProfiles)
      .set({ bank, mapping, updatedAt: new Date() })
      .where(and(eq(importProfiles.ownerId, this.ownerId), sql`lower(${importProfiles.bank}) = lower(${bank})`))
      .returning({ id: importProfiles.id });
    if (!updated.length) await this.db.insert(importProfiles).values({ ownerId: this.ownerId, bank, mapping }).onConflictDoNothing();
  }

  /** The bank ids already in the books, among those given. */
  async knownBankRefs(refs: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < refs.length; i += 1000) {
      const rows = await this.db
        .select({ ref: entries.bankRef })
        .from(entries)
        .where(and(eq(entries.ownerId, this.ownerId), isNotNull(entries.bankRef), inArray(entries.bankRef, refs.slice(i, i + 1000))));
      for (const r of rows) found.add(r.ref!);
    }
    return found;
  }

  /** Date, amount and description of the entries between two dates: what a row without a bank id is matched on. */
  async fingerprints(from: string, to: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ date: entries.date, amount: entries.amount, description: sql<string>`lower(coalesce(${entries.description}, ''))` })
      .from(entries)
      .where(and(eq(entries.ownerId, this.ownerId), gte(entries.date, from), lte(entries.date, to)));
    return new Set(rows.map((r) => fingerprint(r.date, r.amount, r.description)));
  }
}

export const fingerprint = (date: string, amount: number, description: string) => `${date}|${amount}|${description.trim().toLowerCase()}`;
