import { BUDGET_THRESHOLDS, numberLocale } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { accountLanguage } from '../../lib/language.js';
import type { UserRow } from '../users/index.js';
import { PanelItemsRepository } from '../panels/index.js';
import { monthBounds } from './dates.js';
import { FinanceRepository } from './finance.repository.js';
import { BUDGET_TEXTS } from './texts.js';

/** The notification's key: one per category, month and threshold, ever (the panel's unique key makes a second one a no-op). */
export const budgetWarningKey = (categoryId: string, month: string, threshold: number) => `budget:${categoryId}:${month}:${threshold}`;

/**
 * What a check needs of the owner whose books were written: whose budgets, the language of the warning
 * (the account's), the currency of its figures. A signed-in user has them; so has the row the recurring
 * entries' scheduler reads, which writes with no one signed in.
 */
export type BudgetOwner = Pick<UserRow, 'id' | 'preferences' | 'business'>;

/**
 * Warns in the notifications panel when a category's spending in a month reaches 80 % and then 100 % of
 * its budget. It runs after a write has committed and reads the committed books, so of two writes racing
 * past a threshold the later to commit sees both; each warning is inserted under its key with
 * ON CONFLICT DO NOTHING, so a race or a repeat makes it once. A jump past both thresholds at once warns
 * only of the higher one.
 */
export class BudgetWarnings {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {}

  /** Checks the months of the dates written; answers how many warnings were made. */
  async check(owner: BudgetOwner, dates: string[]): Promise<number> {
    const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
    if (!months.length) return 0;
    const language = accountLanguage(owner);
    const repo = new FinanceRepository(this.db, owner.id, language);
    const money = new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency: owner.business?.currency ?? 'USD' });
    const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const wanted = [];
    for (const month of months) {
      const year = Number(month.slice(0, 4));
      const m = Number(month.slice(5, 7));
      const { from, to } = monthBounds(year, m);
      for (const b of await repo.budgetsWithSpending(from, to)) {
        // Integers only: spent / amount ≥ threshold % ⇔ spent × 100 ≥ amount × threshold.
        const reached = BUDGET_THRESHOLDS.filter((t) => Number(b.spent) * 100 >= Number(b.amount) * t).at(-1);
        if (reached === undefined) continue;
        wanted.push({
          key: budgetWarningKey(b.categoryId, month, reached),
          ...BUDGET_TEXTS[language](
            reached,
            b.categoryName,
            monthName.format(Date.UTC(year, m - 1, 1)),
            money.format(Number(b.spent) / 100),
            money.format(Number(b.amount) / 100),
          ),
          icon: reached >= 100 ? 'heroicons_outline:exclamation-triangle' : 'heroicons_outline:chart-pie',
          link: `/user/budgets?month=${month}`,
          useRouter: true,
        });
      }
    }
    const made = await new PanelItemsRepository(this.db, owner.id, 'notification').addKeyed(wanted);
    if (made) this.events.publish([owner.id]);
    return made;
  }
}
