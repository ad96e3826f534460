import type { Budget, BudgetBody, BudgetList, Cents, FinanceDashboard, FinanceStatement } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { badReference, notFound } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { entryLink } from '../panels/index.js';
import type { BudgetWarnings } from './budget-warnings.js';
import { addDays, monthBounds, previousMonth, yearEarlier } from './dates.js';
import { FinanceRepository, type BudgetSpending } from './finance.repository.js';

const cents = (n: number) => n as Cents;
const RECENT = 10;
/** The balance chart's step (spec 001 §9: charts use 3-day steps). */
const STEP_DAYS = 3;

/** Today as the books count days (UTC), as YYYY-MM-DD. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Budgets (one monthly amount per outflow category) and the finance dashboard, both from the owner's books. */
export class FinanceService {
  constructor(
    private readonly db: Db,
    private readonly warnings: BudgetWarnings,
  ) {}

  async budgets(auth: Authenticated, month = todayUtc().slice(0, 7)): Promise<BudgetList> {
    const { from, to } = monthBounds(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    const rows = await this.repo(auth).budgetsWithSpending(from, to);
    return { month, items: rows.map(budgetOut) };
  }

  /** Sets a category's budget; the current month is checked at once, since a lower budget may already be passed. */
  async setBudget(auth: Authenticated, body: BudgetBody): Promise<Budget> {
    const category = await this.repo(auth).category(body.categoryId);
    if (!category) throw badReference('categoryId', 'No such category');
    if (category.kind === 'income') throw badReference('categoryId', 'A budget is for an outflow category, not an income one');
    if (!category.active) throw badReference('categoryId', 'The category is no longer in use');
    const row = await this.repo(auth).upsert(body.categoryId, body.amount);
    const today = todayUtc();
    await this.warnings.check(auth.user, [today]);
    const { from, to } = monthBounds(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
    const mine = (await this.repo(auth).budgetsWithSpending(from, to)).find((b) => b.id === row.id);
    return budgetOut(mine!);
  }

  async removeBudget(auth: Authenticated, id: string): Promise<true> {
    if (!(await this.repo(auth).remove(id))) throw notFound('Budget');
    return true;
  }

  /**
   * The finance dashboard (spec 001 §3): the year's net as the balance, this month's spending against
   * the budgets, the previous and current month as statements, the latest entries.
   */
  async dashboard(auth: Authenticated, today = todayUtc()): Promise<FinanceDashboard> {
    const repo = this.repo(auth);
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const yearStart = `${year}-01-01`;
    const yearEnd = `${year}-12-31`;
    const cur = monthBounds(year, month);
    const p = previousMonth(year, month);
    const prev = monthBounds(p.year, p.month);
    const lastYear: [string, string] = [`${year - 1}-01-01`, yearEarlier(today)];
    const sums = await repo.entrySums(`${year - 1}-01-01`, yearEnd, {
      year: [yearStart, yearEnd],
      soFar: [yearStart, today],
      lastYear,
      cur: [cur.from, cur.to],
      prev: [prev.from, prev.to],
    });
    const [dYear, dSoFar, dLastYear, dCur, budgets, billsCur, billsPrev, curClosed, prevClosed, daily, recent] = await Promise.all([
      repo.deduction(yearStart, yearEnd),
      repo.deduction(yearStart, today),
      repo.deduction(...lastYear),
      repo.deduction(cur.from, cur.to),
      repo.budgetsWithSpending(cur.from, cur.to),
      repo.bills(cur.from, cur.to),
      repo.bills(prev.from, prev.to),
      repo.closed(year, month),
      repo.closed(p.year, p.month),
      repo.dailyNet(yearStart, today),
      repo.recent(RECENT),
    ]);

    const balance = sums.year.income - sums.year.outflows - dYear;
    const soFarNet = sums.soFar.income - sums.soFar.outflows - dSoFar;
    const lastNet = sums.lastYear.income - sums.lastYear.outflows - dLastYear;
    const expenses = sum(budgets.map((b) => Number(b.spent)));
    const expensesLimit = sum(budgets.map((b) => Number(b.amount)));
    const savings = sums.cur.income - sums.cur.outflows - dCur;
    const statement = (closed: boolean, to: string, spent: number, bills: number): FinanceStatement => ({
      status: closed ? 'paid' : 'pending',
      date: to,
      limit: cents(expensesLimit),
      spent: cents(spent),
      minimum: cents(bills),
    });

    return {
      accountBalance: {
        balance: cents(balance),
        year,
        growRate: lastNet === 0 ? null : Math.round(((soFarNet - lastNet) * 10_000) / Math.abs(lastNet)) / 100,
        ami: cents(Math.round(sums.year.income / month)),
        series: [{ name: 'Net', data: runningNet(daily, yearStart, today) }],
      },
      budget: {
        expenses: cents(expenses),
        expensesLimit: cents(expensesLimit),
        savings: cents(savings),
        // What the month would keep if every budgeted category spent exactly its budget.
        savingsGoal: cents(savings + expenses - expensesLimit),
        bills: cents(billsCur),
        billsLimit: cents(sum(budgets.filter((b) => b.bill).map((b) => Number(b.amount)))),
      },
      previousStatement: statement(prevClosed, prev.to, sums.prev.outflows, billsPrev),
      currentStatement: statement(curClosed, cur.to, sums.cur.outflows, billsCur),
      recentTransactions: recent.map((e) => ({
        id: e.id,
        transactionId: e.reference || e.id.slice(0, 8).toUpperCase(),
        name: e.description || e.category,
        status: e.date > today ? 'pending' : 'completed',
        date: e.date,
        amount: cents(e.type === 'income' ? Number(e.amount) : -Number(e.amount)),
        link: entryLink(e.type as Parameters<typeof entryLink>[0], e.date, e.description || e.reference || undefined),
      })),
    };
  }

  private repo(auth: Authenticated) {
    return new FinanceRepository(this.db, auth.user.id, readerLanguage(auth));
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const budgetOut = (b: BudgetSpending): Budget => ({
  id: b.id,
  categoryId: b.categoryId,
  categoryName: b.categoryName,
  amount: cents(Number(b.amount)),
  spent: cents(Number(b.spent)),
});

/** The running total of the daily nets at every third day from `from`, and at `to` itself. */
function runningNet(daily: { date: string; net: number }[], from: string, to: string) {
  const byDate = new Map<string, number>();
  for (const d of daily) byDate.set(d.date, (byDate.get(d.date) ?? 0) + d.net);
  const points: { x: string; y: Cents }[] = [];
  let total = 0;
  for (let day = from, i = 0; day <= to; day = addDays(day, 1), i++) {
    total += byDate.get(day) ?? 0;
    if (i % STEP_DAYS === 0 || day === to) points.push({ x: day, y: cents(total) });
  }
  return points;
}
