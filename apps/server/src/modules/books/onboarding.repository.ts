import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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
    const one = { one: sql`1` };
    const exists = (query: SQL | { getSQL(): SQL }) => sql<boolean>`exists (${query})`;
    const [row] = await this.db
      .select({
        income: exists(
          this.db
            .select(one)
            .from(entries)
            .where(and(eq(entries.ownerId, owner), eq(entries.type, 'income'))),
        ),
        // Any outflow with a receipt counts: a purchase's or a supplier's receipt is as much an expense's.
        expenseReceipt: exists(
          this.db
            .select(one)
            .from(entries)
            .innerJoin(attachments, eq(attachments.entryId, entries.id))
            .where(and(eq(entries.ownerId, owner), ne(entries.type, 'income'), eq(attachments.ownerId, owner))),
        ),
        vehicle: exists(this.db.select(one).from(vehicles).where(eq(vehicles.ownerId, owner))),
        monthClosed: exists(
          this.db
            .select(one)
            .from(taxMonths)
            .where(and(eq(taxMonths.ownerId, owner), eq(taxMonths.status, 'closed'))),
        ),
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
