import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, entries, inventoryProducts, stockMovements, trips, users } from '../src/db/schema/index.js';
import { defaultSubcategoryId } from '../src/db/default-chart.js';
import { seedDemo } from '../src/cli/seed-demo.js';
import { createTestApp, testEnv, type TestApp } from './helpers/app.js';
import { createTestStore, type TestStore } from './helpers/database.js';
import { expectOk } from './helpers/expect.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** An answer without its ids: the owner's own rows (a subcategory, a worker) have ids of their own in each demo. */
function withoutIds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutIds) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'id' && !k.endsWith('Id'))
        .map(([k, v]) => [k, withoutIds(v)]),
    ) as T;
  return value;
}

let store: TestStore;
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  await store?.drop();
});

describe('npm run seed:demo', () => {
  it('writes a year of a bakery’s books once, across a rate change, with receipts and a closed month, each month the same whenever it runs and no fuel for the van; a second run changes nothing', async () => {
    store = await createTestStore({ persistent: true });
    const env = testEnv(store);
    const email = 'demo@bakery.test';
    const password = 'Demo-Bakery-Books-2026';
    const lines: string[] = [];
    const first = await seedDemo({ email, password, now: new Date(Date.UTC(2026, 5, 15)), log: (l) => lines.push(l), env });
    expect(first.created).toBe(true);
    expect(lines.join('\n')).toContain(email);
    // The same demo seeded eight months later, for another address (before the test's app opens the store).
    const laterEmail = 'later@bakery.test';
    expect((await seedDemo({ email: laterEmail, password, now: new Date(Date.UTC(2027, 1, 10)), log: (l) => lines.push(l), env })).created).toBe(true);

    t = await createTestApp({}, { store });
    const counts = async () => ({
      users: await t!.count(users),
      entries: await t!.count(entries),
      trips: await t!.count(trips),
      audit: await t!.count(auditLog),
      products: await t!.count(inventoryProducts),
      movements: await t!.count(stockMovements),
      contacts: await t!.count(contacts),
    });
    const before = await counts();
    const again = await seedDemo({ email, password, now: new Date(Date.UTC(2026, 5, 15)), log: (l) => lines.push(l), env });
    expect(again.created).toBe(false);
    expect(await counts()).toEqual(before);

    const { accessToken: token } = await t.signIn(email, password);
    const { accessToken: laterToken } = await t.signIn(laterEmail, password);
    const years = expectOk(await t.api('GET', '/api/tax-years', { token }));
    expect(years.map((y: { year: number }) => y.year)).toEqual([2026, 2025]);
    const months2025 = expectOk(await t.api('GET', '/api/tax-years/2025/months', { token }));
    expect(months2025[6]).toMatchObject({ month: 7, status: 'closed' });
    for (const type of ['income', 'expense', 'purchase', 'worker_payment', 'supplier_payment']) {
      expect(expectOk(await t.api('GET', '/api/entries', { token, query: { type } })).totals.count, type).toBeGreaterThan(0);
    }
    // The inventory: its stock moved by the year's purchases (the 10th) and sales (the 6th and 21st), up to 15 June.
    const stock = expectOk(await t.api('GET', '/api/apps/ecommerce/inventory/products', { token, query: { page: 0 } }));
    const byName = Object.fromEntries(stock.products.map((p: { name: string; stock: number }) => [p.name, p.stock]));
    expect(byName).toEqual({ 'Flour 25 kg': 6 + 2 * 12 - 11, 'Sugar 5 kg': 8 + 6 * 12 - 2 * (12 + 11), 'Vanilla extract 100 ml': 12 });
    const flour = stock.products.find((p: { name: string }) => p.name === 'Flour 25 kg');
    expect(expectOk(await t.api('GET', '/api/apps/ecommerce/inventory/product/movements', { token, query: { id: flour.id } })).items).toHaveLength(23);
    // Trips on both sides of 1 January take each year's rate.
    const dec = expectOk(await t.api('GET', '/api/trips', { token, query: { from: '2025-12-01', to: '2025-12-31' } }));
    const jan = expectOk(await t.api('GET', '/api/trips', { token, query: { from: '2026-01-01', to: '2026-01-31' } }));
    expect(new Set(dec.items.map((x: { centsPerMile: number }) => x.centsPerMile))).toEqual(new Set([70]));
    expect(new Set(jan.items.map((x: { centsPerMile: number }) => x.centsPerMile))).toEqual(new Set([72.5]));
    // A dozen customers, some tagged; the custom cake orders name them, and a customer's page shows what they bought.
    const customers = expectOk(await t.api('GET', '/api/apps/contacts/all', { token }));
    expect(customers).toHaveLength(12);
    expect(customers.filter((c: { tags: string[] }) => c.tags.length > 0).length).toBeGreaterThan(0);
    const bought = await Promise.all(
      customers.map(async (c: { id: string }) => expectOk(await t!.api('GET', '/api/apps/contacts/purchases', { token, query: { id: c.id } })).count as number),
    );
    const cakeOrders = expectOk(await t.api('GET', '/api/entries', { token, query: { type: 'income', search: 'Custom cake order', size: 10 } }));
    expect(bought.reduce((a, b) => a + b, 0)).toBe(cakeOrders.totals.count);
    expect(bought.filter((n) => n > 0).length).toBeGreaterThan(6);
    const withReceipt = expectOk(await t.api('GET', '/api/entries', { token, query: { type: 'expense', search: 'Shop rent', size: 50 } }));
    expect(withReceipt.items.every((e: { attachments: unknown[] }) => e.attachments.length === 1)).toBe(true);
    // The rent, the salary and the phone bill as recurring entries, the phone bill a reminder.
    const recurring = expectOk(await t.api('GET', '/api/recurring', { token, query: { sort: 'amount', order: 'desc' } }));
    expect(recurring.items.map((r: { description: string; mode: string; frequency: string }) => [r.description, r.mode, r.frequency])).toEqual([
      ['Shop rent', 'record', 'monthly'],
      ['Salary, Lucía', 'record', 'monthly'],
      ['Phone bill', 'remind', 'monthly'],
    ]);
    // A few folders and documents in the file manager, beside the receipts' folder.
    const files = expectOk(await t.api('GET', '/api/apps/file-manager', { token, query: { folderId: 'null' } }));
    expect(files.folders.map((f: { name: string }) => f.name)).toEqual(['Contracts', 'Permits and licences', 'Receipts', 'Recipes']);
    expect(files.files.map((f: { name: string; type: string }) => `${f.name} ${f.type}`)).toEqual(['Opening hours.txt TXT']);

    // A conversation with support in the chat, its last answer not yet read.
    const chats = expectOk(await t.api('GET', '/api/apps/chat/chats', { token }));
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ unreadCount: 1, lastMessage: expect.stringContaining('Reopen the month') });
    const chat = expectOk(await t.api('GET', '/api/apps/chat/chat', { token, query: { id: chats[0].id } }));
    expect(chat.messages.map((m: { isMine: boolean }) => m.isMine)).toEqual([true, false, false, true, false]);

    // The van takes the standard mileage rate, so no fuel is written for it; its tolls and parking are.
    for (const tk of [token, laterToken]) {
      const vehicle = (name: string) => t!.api('GET', '/api/entries', { token: tk, query: { type: 'expense', subcategoryId: defaultSubcategoryId(name) } });
      expect(expectOk(await vehicle('Combustible')).totals.count).toBe(0);
      expect(expectOk(await vehicle('Peajes')).totals.count).toBeGreaterThan(0);
      expect(expectOk(await vehicle('Estacionamiento')).totals.count).toBeGreaterThan(0);
    }

    // A month both demos hold has the same figures, lines and trips whichever day the seed ran (March
    // 2026 is the later demo's first, closed month, an open one in the earlier demo).
    const ledger = async (tk: string, month: number) =>
      String(expectOk(await t!.api('GET', '/api/reports/ledger.csv', { token: tk, query: { year: 2026, month } })))
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.slice(0, row.lastIndexOf(','))) // without the entry's id, the one thing that differs
        .sort();
    const mileageLog = async (tk: string, month: number) =>
      String(
        expectOk(
          await t!.api('GET', '/api/trips/export.csv', {
            token: tk,
            query: { from: `2026-${pad(month)}-01`, to: `2026-${pad(month)}-${new Date(Date.UTC(2026, month, 0)).getUTCDate()}` },
          }),
        ),
      );
    const figures = async (tk: string, month: number) => ({
      summary: withoutIds(expectOk(await t!.api('GET', '/api/reports/month-summary', { token: tk, query: { year: 2026, month } }))),
      pnl: withoutIds(expectOk(await t!.api('GET', '/api/reports/pnl', { token: tk, query: { year: 2026, month } }))),
    });
    for (const month of [3, 4, 5]) {
      const [early, late] = [await figures(token, month), await figures(laterToken, month)];
      expect(early.summary.income, `2026-${month}`).toBeGreaterThan(0);
      expect({ ...early.summary, status: 'any' }, `2026-${month}`).toEqual({ ...late.summary, status: 'any' });
      expect(early.pnl, `2026-${month}`).toEqual(late.pnl);
      expect(await ledger(token, month), `2026-${month}`).toEqual(await ledger(laterToken, month));
      expect(await mileageLog(token, month), `2026-${month}`).toEqual(await mileageLog(laterToken, month));
    }
    // The earlier demo was seeded on 15 June: its June holds exactly the later demo's June lines up to that day.
    const june = await ledger(token, 6);
    expect(june.length).toBeGreaterThan(0);
    expect(june).toEqual((await ledger(laterToken, 6)).filter((row) => row.slice(0, 10) <= '2026-06-15'));
  }, 180_000);
});
