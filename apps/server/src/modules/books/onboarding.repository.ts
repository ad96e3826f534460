import { eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { attachments, entries, taxMonths, users, vehicles } from '../../db/schema/index.js';

/** What one owner has done of the first steps, asked of their own rows only. */
export class OnboardingRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {}

  /** Each step as one `exists`, answered in one round trip (read beside the owner's user row). */
  async progress() {
    const owner = this.ownerId;
    const s = ownedBy(this.db, owner);
    const one = { one: sql`1` };
    const exists = (query: SQL | { getSQL(): SQL }) => sql<boolean>`exists (${query})`;
    const [row] = await this.db
      .select({
        income: exists(s.selectFields(entries, one).where(eq(entries.type, 'income'))),
        // Any outflow with a receipt counts: a purchase's or a supplier's receipt is as much an expense's.
        expenseReceipt: exists(
          s
            .selectFields(entries, one)
            .innerJoin(...s.join(attachments, eq(attachments.entryId, entries.id)))
            .where(ne(entries.type, 'income')),
        ),
        vehicle: exists(s.selectFields(vehicles, one)),
        monthClosed: exists(s.selectFields(taxMonths, one).where(eq(taxMonths.status, 'closed'))),
      })
      .from(users)
      .where(eq(users.id, owner));
    return {
      income: row?.income === true,
      expenseReceipt: row?.expenseReceipt === true,
      vehicle: row?.vehicle === true,
      monthClosed: row?.monthClosed === true,
    };
  }
}
