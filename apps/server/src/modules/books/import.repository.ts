import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { ImportMapping } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { entries, importProfiles, importRules } from '../../db/schema/index.js';

/** One owner's import rules, saved bank mappings, and the entries an import must not write twice. */
export class ImportRepository {
  private readonly s: OwnerScope;

  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  rules() {
    return this.s.selectFrom(importRules).orderBy(asc(importRules.createdAt));
  }

  async addRule(contains: string, categoryId: string, subcategoryId: string | null) {
    const [row] = await this.s.insertInto(importRules, { contains, categoryId, subcategoryId }).returning();
    return row!;
  }

  async removeRule(id: string): Promise<boolean> {
    const rows = await this.s.deleteFrom(importRules).where(eq(importRules.id, id)).returning({ id: importRules.id });
    return rows.length > 0;
  }

  profiles() {
    return this.s.selectFrom(importProfiles).orderBy(asc(importProfiles.bank));
  }

  async profile(bank: string) {
    const [row] = await this.s.selectFrom(importProfiles).where(sql`lower(${importProfiles.bank}) = lower(${bank})`);
    return row;
  }

  async saveProfile(bank: string, mapping: ImportMapping) {
    const updated = await this.s
      .updateSet(importProfiles, { bank, mapping, updatedAt: new Date() })
      .where(sql`lower(${importProfiles.bank}) = lower(${bank})`)
      .returning({ id: importProfiles.id });
    if (!updated.length) await this.s.insertInto(importProfiles, { bank, mapping }).onConflictDoNothing();
  }

  /** The bank ids already in the books, among those given. */
  async knownBankRefs(refs: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < refs.length; i += 1000) {
      const rows = await this.s
        .selectFields(entries, { ref: entries.bankRef })
        .where(and(isNotNull(entries.bankRef), inArray(entries.bankRef, refs.slice(i, i + 1000))));
      for (const r of rows) found.add(r.ref!);
    }
    return found;
  }

  /** Date, amount and description of the entries between two dates: what a row without a bank id is matched on. */
  async fingerprints(from: string, to: string): Promise<Set<string>> {
    const rows = await this.s
      .selectFields(entries, { date: entries.date, amount: entries.amount, description: sql<string>`lower(coalesce(${entries.description}, ''))` })
      .where(and(gte(entries.date, from), lte(entries.date, to)));
    return new Set(rows.map((r) => fingerprint(r.date, r.amount, r.description)));
  }
}

export const fingerprint = (date: string, amount: number, description: string) => `${date}|${amount}|${description.trim().toLowerCase()}`;
