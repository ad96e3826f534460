import { sql } from 'drizzle-orm';
import { numberLocale, type Language } from '@cuadre/contracts';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { attachments, entries, subcategories, taxMonths, trips } from '../../db/schema/index.js';
import { entryLink, monthLink } from './links.js';
import { PanelItemsRepository, type NewPanelItem } from './panels.repository.js';
import { PANEL_TEXTS } from './texts.js';

/** The entries whose receipt is asked for: travel, meals, vehicle (by tax line) and gifts (by name), from 75 dollars. */
export const RECEIPT_THRESHOLD = 7500;
const GIFTS = 'regalo|gift|hediye';

/** Quarterly estimated-tax due dates (month, day) and the quarter each pays; January's pays the year before's fourth. */
const DUE = [
  { month: 4, day: 15, quarter: 1 },
  { month: 6, day: 15, quarter: 2 },
  { month: 9, day: 15, quarter: 3 },
  { month: 1, day: 15, quarter: 4 },
] as const;
const NOTICE_DAYS = 14;

/** The due date whose notice window (two weeks ahead, to the day itself) holds `today`, if any. */
export function estimatedTaxDue(today: string): { due: string; quarter: number } | undefined {
  const now = Date.parse(`${today}T00:00:00Z`);
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    for (const d of DUE) {
      const due = Date.UTC(y, d.month - 1, d.day);
      if (now <= due && now >= due - NOTICE_DAYS * 86_400_000) return { due: new Date(due).toISOString().slice(0, 10), quarter: d.quarter };
    }
  }
  return undefined;
}

export interface RuleUser {
  id: string;
  role: 'admin' | 'user';
  language: Language;
  currency: string;
  createdAt: Date;
}

/**
 * Makes the notifications the user's data calls for, each once (its key), and takes away those whose
 * cause went away (a month closed, a receipt attached). Runs when the panel is read, so they come
 * from the books as they are, not from a schedule.
 */
export async function applyNotificationRules(db: DbOrTx, user: RuleUser, today = new Date().toISOString().slice(0, 10)) {
  const repo = new PanelItemsRepository(db, user.id, 'notification');
  const t = PANEL_TEXTS[user.language];
  const fmtMonth = new Intl.DateTimeFormat(user.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const fmtDate = new Intl.DateTimeFormat(user.language, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const money = new Intl.NumberFormat(numberLocale(user.language), { style: 'currency', currency: user.currency });
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const since = `${Number(today.slice(0, 4)) - 2}-01-01`;
  const wanted: (NewPanelItem & { key: string })[] = [];
  const own = ownedBy(db, user.id);

  // Months that ended, hold entries or trips, and are not closed.
  const open = await queryRows<{ year: number; month: number }>(
    db,
    own.sql`SELECT DISTINCT extract(year FROM d.date)::int AS year, extract(month FROM d.date)::int AS month
        FROM (SELECT date FROM ${entries} WHERE date >= ${since} AND date < ${firstOfMonth}
              UNION ALL SELECT date FROM ${trips} WHERE date >= ${since} AND date < ${firstOfMonth}) d
        WHERE NOT EXISTS (SELECT 1 FROM ${taxMonths} m WHERE m.status = 'closed'
                          AND m.year = extract(year FROM d.date) AND m.month = extract(month FROM d.date))`,
  );
  const monthKeys = open.map((m) => `month_open:${m.year}-${String(m.month).padStart(2, '0')}`);
  for (const [i, m] of open.entries()) {
    const name = fmtMonth.format(Date.UTC(m.year, m.month - 1, 1));
    wanted.push({
      key: monthKeys[i]!,
      ...t.monthOpen(name[0]!.toUpperCase() + name.slice(1)),
      icon: 'heroicons_outline:lock-closed',
      link: monthLink(m.year, m.month),
      useRouter: true,
    });
  }

  // Larger entries in the categories the tax rules want receipts for, with none attached.
  const missing = await queryRows<{ id: string; type: 'expense'; date: string; amount: number; category: string }>(
    db,
    own.sql`SELECT e.id, e.type, to_char(e.date, 'YYYY-MM-DD') AS date, e.amount::bigint AS amount,
               coalesce(c.names ->> ${user.language}::text, c.name) AS category
        FROM ${entries} e JOIN categories c ON c.id = e.category_id LEFT JOIN ${subcategories} s ON s.id = e.subcategory_id
        WHERE e.amount >= ${RECEIPT_THRESHOLD} AND e.date >= ${since}
          AND (c.tax_line LIKE 'Schedule C line 9 %' OR c.tax_line LIKE 'Schedule C line 24a %' OR c.tax_line LIKE 'Schedule C line 24b %'
               OR c.name ~* ${GIFTS} OR coalesce(s.name, '') ~* ${GIFTS})
          AND NOT EXISTS (SELECT 1 FROM ${attachments} a WHERE a.entry_id = e.id)
        ORDER BY e.date DESC LIMIT 500`,
  );
  const receiptKeys = missing.map((e) => `receipt:${e.id}`);
  for (const [i, e] of missing.entries()) {
    wanted.push({
      key: receiptKeys[i]!,
      ...t.receipt(money.format(Number(e.amount) / 100), e.category, fmtDate.format(Date.parse(`${e.date}T00:00:00Z`))),
      icon: 'heroicons_outline:receipt-percent',
      link: entryLink(e.type, e.date),
      useRouter: true,
    });
  }

  // The quarterly estimated tax, two weeks ahead (an owner's concern, not an administrator's).
  const due = user.role === 'user' ? estimatedTaxDue(today) : undefined;
  if (due) {
    wanted.push({
      key: `estimated_tax:${due.due}`,
      ...t.estimatedTax(due.quarter, fmtDate.format(Date.parse(`${due.due}T00:00:00Z`))),
      icon: 'heroicons_outline:calendar-days',
      link: `/user/annualtotal?year=${due.quarter === 4 ? Number(due.due.slice(0, 4)) - 1 : Number(due.due.slice(0, 4))}`,
      useRouter: true,
    });
  }

  // For administrators: each sign-up and support request of the last 30 days since they joined.
  if (user.role === 'admin') {
    const after = new Date(Math.max(user.createdAt.getTime(), Date.now() - 30 * 86_400_000));
    const signUps = await queryRows<{ id: string; name: string; email: string }>(
      db,
      sql`SELECT id, name, email FROM users WHERE role = 'user' AND created_at >= ${after.toISOString()} ORDER BY created_at DESC LIMIT 200`,
    );
    for (const u of signUps)
      wanted.push({
        key: `signup:${u.id}`,
        ...t.signUp(u.name, u.email),
        icon: 'heroicons_outline:user-plus',
        link: `/users?search=${encodeURIComponent(u.email)}`,
        useRouter: true,
      });
    const requests = await queryRows<{ id: string; subject: string; name: string }>(
      db,
      sql`SELECT r.id, r.subject, u.name FROM support_requests r JOIN users u ON u.id = r.user_id
          WHERE r.created_at >= ${after.toISOString()} ORDER BY r.created_at DESC LIMIT 200`,
    );
    for (const r of requests)
      wanted.push({
        key: `support:${r.id}`,
        ...t.supportNew(r.name, r.subject),
        icon: 'heroicons_outline:lifebuoy',
        link: `/support-requests?id=${r.id}`,
        useRouter: true,
      });
  }

  await repo.addKeyed(wanted);
  const keep = new Set([...monthKeys, ...receiptKeys]);
  const stale = [...(await repo.activeKeys('month_open:')), ...(await repo.activeKeys('receipt:'))].filter((k) => !keep.has(k));
  await repo.clearKeys(stale);
}
