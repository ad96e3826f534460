import type { Cents, Language, ProjectDashboard, ProjectExpenses, ProjectIssueCounts, ProjectPeriod, ProjectTeamMember } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { conversationPeople } from '../chat/index.js';
import { FinanceRepository } from '../finance/index.js';
import { avatarUrl } from '../users/index.js';
import { addDays, addMonths, dayStart, weekStart, windows } from './dates.js';
import { ProjectRepository, type IssueDayCount, type TagUse } from './project.repository.js';
import { PROJECT_TEXTS } from './texts.js';

const cents = (n: number) => n as Cents;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** How many tags the distribution names before the rest go into "Other". */
const HANDFUL = 4;
export const BUDGET_COLUMNS = ['type', 'total', 'expensesAmount', 'expensesPercentage', 'remainingAmount', 'remainingPercentage'];

/** Today as the books count days (UTC), as YYYY-MM-DD. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The project dashboard (spec 001 §3), from the owner's tasks, boards, books, budgets and conversations. */
export class ProjectService {
  constructor(private readonly db: Db) {}

  async dashboard(auth: Authenticated, today = todayUtc(), now = new Date()): Promise<ProjectDashboard> {
    const lang = readerLanguage(auth);
    const texts = PROJECT_TEXTS[lang];
    const repo = new ProjectRepository(this.db, auth.user.id);
    const books = new FinanceRepository(this.db, auth.user.id, lang);

    const monday = weekStart(today);
    const weeks: Record<ProjectPeriod, [string, string]> = {
      'this-week': [monday, addDays(monday, 6)],
      'last-week': [addDays(monday, -7), addDays(monday, -1)],
    };
    const span = (p: ProjectPeriod): [Date, Date] => [dayStart(weeks[p][0]), dayStart(addDays(weeks[p][1], 1))];

    const expenseWindows = {
      weekly: windows(today, 6, (d, back) => addDays(d, -7 * back)),
      monthly: windows(today, 4, (d, back) => addMonths(d, -back)),
      yearly: windows(today, 10, (d, back) => addMonths(d, -12 * back)),
    };
    const periods: Record<string, [string, string]> = {};
    for (const [kind, list] of Object.entries(expenseWindows)) list.forEach((w, i) => (periods[`${kind}${i}`] = w));
    const month = { from: `${today.slice(0, 8)}01`, to: addDays(addMonths(`${today.slice(0, 8)}01`, 1), -1) };

    const [issueDays, tagUse, tags, due, budgets, sums, people] = await Promise.all([
      repo.issueDays(span('last-week')[0], span('this-week')[1], now),
      repo.tagUse(span('this-week'), span('last-week')),
      repo.tags(),
      repo.due(dayStart(today), dayStart(addDays(today, 2))),
      books.budgetsWithSpending(month.from, month.to),
      books.entrySums(expenseWindows.yearly[0]![0], today, periods),
      conversationPeople(this.db, auth.user.id),
    ]);

    const overview = (p: ProjectPeriod) => issueCounts(issueDays, weeks[p]);
    const perDay = (kind: IssueDayCount['kind'], p: ProjectPeriod) =>
      WEEKDAYS.map((_, i) => sum(issueDays.filter((r) => r.kind === kind && r.day === addDays(weeks[p][0], i)).map((r) => Number(r.n))));
    const issueSeries = (p: ProjectPeriod) => [
      { name: 'New issues', type: 'line' as const, data: perDay('new', p) },
      { name: 'Closed issues', type: 'column' as const, data: perDay('closed', p) },
    ];
    const thisWeek = overview('this-week');
    const lastWeek = overview('last-week');
    const distribution = tagDistribution(tagUse, tags, texts);

    const expenses = (kind: keyof typeof expenseWindows): ProjectExpenses => {
      const list = expenseWindows[kind];
      const data = list.map((_, i) => cents(sums[`${kind}${i}`]!.outflows));
      return {
        amount: data[data.length - 1]!,
        // A year's window names its years too: `dd MMM - dd MMM` alone would read the same for all ten.
        labels: list.map(([from, to]) =>
          kind === 'yearly'
            ? `${dayMonth(from, lang)} ${from.slice(0, 4)} - ${dayMonth(to, lang)} ${to.slice(0, 4)}`
            : `${dayMonth(from, lang)} - ${dayMonth(to, lang)}`,
        ),
        series: [{ name: 'Expenses', data }],
      };
    };

    const me: ProjectTeamMember = member(auth.user, avatarUrl(auth.user), lang);
    return {
      githubIssues: {
        overview: { 'this-week': thisWeek, 'last-week': lastWeek },
        labels: WEEKDAYS,
        series: { 'this-week': issueSeries('this-week'), 'last-week': issueSeries('last-week') },
      },
      taskDistribution: {
        overview: {
          'this-week': { new: thisWeek['new-issues'], completed: thisWeek['closed-issues'] },
          'last-week': { new: lastWeek['new-issues'], completed: lastWeek['closed-issues'] },
        },
        labels: distribution.labels,
        series: { 'this-week': distribution.thisWeek, 'last-week': distribution.lastWeek },
      },
      schedule: {
        today: due.filter((d) => d.day === today).map(({ title, time }) => ({ title, time })),
        tomorrow: due.filter((d) => d.day !== today).map(({ title, time }) => ({ title, time })),
      },
      budgetDistribution: {
        categories: budgets.map((b) => b.categoryName),
        series: [{ name: 'Budget', data: budgets.map((b) => cents(Number(b.amount))) }],
      },
      weeklyExpenses: expenses('weekly'),
      monthlyExpenses: expenses('monthly'),
      yearlyExpenses: expenses('yearly'),
      budgetDetails: {
        columns: BUDGET_COLUMNS,
        rows: budgets.map((b, i) => {
          const total = Number(b.amount);
          const spent = Number(b.spent);
          const spentPct = percent(spent, total);
          return {
            id: i + 1,
            type: b.categoryName,
            total: cents(total),
            expensesAmount: cents(spent),
            expensesPercentage: spentPct,
            remainingAmount: cents(total - spent),
            remainingPercentage: total === 0 ? 0 : (10_000 - Math.round(spentPct * 100)) / 100,
          };
        }),
      },
      teamMembers: [me, ...people.filter((p) => p.id !== me.id).map((p) => member(p, p.avatar, lang))],
    };
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** part / whole in percent, rounded half up to two decimals in integers (0 when the whole is 0). */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  const scaled = part * 10_000;
  const q = Math.floor((2 * Math.abs(scaled) + whole) / (2 * whole));
  return (Math.sign(scaled) * q) / 100;
}

function issueCounts(rows: IssueDayCount[], [from, to]: [string, string]): ProjectIssueCounts {
  const n = (kind: IssueDayCount['kind']) => sum(rows.filter((r) => r.kind === kind && r.day >= from && r.day <= to).map((r) => Number(r.n)));
  return {
    'new-issues': n('new'),
    'closed-issues': n('closed'),
    fixed: n('fixed'),
    'wont-fix': n('wontfix'),
    're-opened': n('reopened'),
    'needs-triage': n('triage'),
  };
}

/** The most used tags (unused ones after them, up to a handful), then "Other" for the rest and "No tag" for untagged tasks, when they have tasks. */
function tagDistribution(use: TagUse[], tags: { id: string; title: string }[], texts: { other: string; noTag: string }) {
  const byTag = new Map(use.map((u) => [u.tag, u]));
  const ranked = tags
    .map((t) => ({ title: t.title, u: byTag.get(t.id) ?? { tag: t.id, total: 0, thisWeek: 0, lastWeek: 0 } }))
    .sort((a, b) => b.u.total - a.u.total || a.title.localeCompare(b.title));
  const named = ranked.slice(0, HANDFUL);
  const rest = ranked.slice(HANDFUL).filter((r) => r.u.total > 0);
  const cols: { label: string; thisWeek: number; lastWeek: number }[] = named.map((r) => ({ label: r.title, thisWeek: r.u.thisWeek, lastWeek: r.u.lastWeek }));
  if (rest.length) cols.push({ label: texts.other, thisWeek: sum(rest.map((r) => r.u.thisWeek)), lastWeek: sum(rest.map((r) => r.u.lastWeek)) });
  const none = byTag.get('');
  if (none && none.total > 0) cols.push({ label: texts.noTag, thisWeek: none.thisWeek, lastWeek: none.lastWeek });
  return { labels: cols.map((c) => c.label), thisWeek: cols.map((c) => c.thisWeek), lastWeek: cols.map((c) => c.lastWeek) };
}

/** `dd MMM` in the reader's language. */
const dayMonth = (day: string, lang: Language) => `${day.slice(8, 10)} ${PROJECT_TEXTS[lang].months[Number(day.slice(5, 7)) - 1]}`;

function member(p: { id: string; name: string; email: string; role: string }, avatar: string | null, lang: Language): ProjectTeamMember {
  return { id: p.id, avatar, name: p.name, email: p.email, phone: '', title: p.role === 'admin' ? PROJECT_TEXTS[lang].support : PROJECT_TEXTS[lang].owner };
}
