import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { plans, users } from '../schema/index.js';
import { hashPassword } from '../../lib/passwords.js';

/** The plans every install starts with; an administrator moves owners between them. */
export const DEFAULT_PLANS: (typeof plans.$inferInsert)[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Look around before you start keeping your books.',
    priceCents: 0,
    interval: 'month',
    sortOrder: 0,
    features: ['One business', 'Help center'],
  },
  {
    id: 'basic',
    name: 'Basic',
    description: 'For an owner who keeps the books alone.',
    priceCents: 900,
    interval: 'month',
    sortOrder: 1,
    features: ['Daily income and expenses', 'Workers, providers and vehicles', 'Monthly profit and loss', 'CSV export'],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For a business that files with an accountant.',
    priceCents: 1900,
    interval: 'month',
    sortOrder: 2,
    features: ['Everything in Basic', 'Yearly profit and loss and annual totals', 'PDF and XLSX exports', 'Receipts and bank statement import'],
  },
];

export interface BootstrapResult {
  /** Set only when this start created the administrator. */
  createdAdmin?: { email: string; generatedPassword?: string };
  /** Set when this start re-enabled the disabled administrator named by ADMIN_EMAIL. */
  restoredAdmin?: { email: string; passwordSet: boolean };
}

/**
 * Idempotent start-up data: the default plans; on the first start (or whenever no administrator
 * is active) the administrator, from ADMIN_EMAIL / ADMIN_PASSWORD or with a generated password that
 * is shown once; and the way back in for an operator whose administrator was disabled: a start
 * with ADMIN_EMAIL naming it enables it again, with ADMIN_PASSWORD as its password when given.
 */
export async function bootstrap(db: Db, admin: { email?: string; password?: string }): Promise<BootstrapResult> {
  await db.insert(plans).values(DEFAULT_PLANS).onConflictDoNothing();
  if (admin.email) {
    const [named] = await db.select().from(users).where(eq(users.email, admin.email));
    if (named && named.role === 'admin' && named.status === 'disabled') {
      await db
        .update(users)
        .set({ status: 'active', updatedAt: new Date(), ...(admin.password ? { passwordHash: await hashPassword(admin.password) } : {}) })
        .where(eq(users.id, named.id));
      return { restoredAdmin: { email: named.email, passwordSet: !!admin.password } };
    }
  }
  const [existing] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  if (Number(existing?.n ?? 0) > 0) return {};
  const email = admin.email ?? 'admin@cuadre.local';
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);
  await db
    .insert(users)
    .values({ email, name: 'Administrator', role: 'admin', plan: 'pro', passwordHash, emailConfirmedAt: new Date() })
    // The operator named this address as the administrator: an existing account with it is promoted,
    // and takes the password configured (or generated and shown), so the printed sign-in works.
    .onConflictDoUpdate({
      target: users.email,
      set: { role: 'admin', status: 'active', passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` },
    });
  return { createdAdmin: { email, generatedPassword } };
}
