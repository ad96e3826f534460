import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const pad = (n: number) => String(n).padStart(2, '0');
const monthName = (year: number, month: number) =>
  new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));

describe.each(VIEWPORTS)('closing months at $width px', (viewport) => {
  it('a month is offered for closing from its last day, after a question; the months table adds up with its mileage column', async () => {
    const owner = await paidOwner(`months-${viewport.name}`, 'Paco Ortega');
    const { context, page } = await ownerPage(viewport, owner);
    const now = new Date();
    const before = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
    const [py, pm] = [before.getUTCFullYear(), before.getUTCMonth() + 1];
    const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10));
    const [ny, nm] = [ahead.getUTCFullYear(), ahead.getUTCMonth() + 1];

    // Last month's books: an income, an expense and a trip (12.4 miles at 72.5 ¢ is $8.99).
    const cats = await apiCall<{ items: { id: string; kind: string }[] }>('GET', 'categories', undefined, owner.token);
    const of = (kind: string) => cats.items.find((c) => c.kind === kind)!.id;
    const day = `${py}-${pad(pm)}-10`;
    await apiCall('POST', 'entries', { type: 'income', date: day, amount: 207550, categoryId: of('income') }, owner.token);
    await apiCall('POST', 'entries', { type: 'expense', date: day, amount: 27610, categoryId: of('expense') }, owner.token);
    const van = await apiCall<{ id: string }>('POST', 'vehicles', { name: 'Taco truck' }, owner.token);
    await apiCall('POST', 'trips', { vehicleId: van.id, date: day, miles: 12.4, purpose: 'Market' }, owner.token);
    const rate = py >= 2026 ? 72.5 : 70;
    const deduction = Math.round(12.4 * rate);
    const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    // The months table: income − outflows − mileage deduction is the net, each in its column (the phone keeps income and net).
    await page.goto(`/user/taxmonths?year=${py}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(`Income ${monthName(py, pm)}$`) }) });
    await row.waitFor();
    expect(await row.getByRole('link', { name: `${money(207550)} Income ${monthName(py, pm)}` }).count()).toBe(1);
    expect(await row.getByRole('link', { name: `${money(207550 - 27610 - deduction)} Net ${monthName(py, pm)}` }).count()).toBe(1);
    if (viewport.name === 'desktop') {
      await row.getByRole('link', { name: `${money(27610)} Outflows ${monthName(py, pm)}` }).waitFor();
      await row.getByRole('link', { name: `${money(deduction)} Mileage deduction ${monthName(py, pm)}` }).waitFor();
      await page.getByRole('columnheader', { name: 'Mileage deduction' }).waitFor();
    }
    // Last month is offered for closing; a month to come is not.
    await page.getByRole('button', { name: `Close ${monthName(py, pm)}` }).waitFor();
    if (ny === py) expect(await page.getByRole('button', { name: `Close ${monthName(ny, nm)}` }).count()).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);

    // A month to come: its summary has no "Close month".
    await page.goto(`/user/monthdashboard?year=${ny}&month=${nm}`);
    await page.getByText('Net profit').first().waitFor();
    await page.getByRole('link', { name: 'Months' }).waitFor();
    expect(await page.getByRole('button', { name: 'Close month' }).count()).toBe(0);

    // Last month's summary: "Close month" asks first; cancelled, the month stays open; confirmed, it closes.
    await page.goto(`/user/monthdashboard?year=${py}&month=${pm}`);
    await page.getByRole('button', { name: 'Close month' }).click();
    let ask = page.getByRole('dialog', { name: `Close ${monthName(py, pm)}?` });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    const months = await apiCall<{ month: number; status: string }[]>('GET', `tax-years/${py}/months`, undefined, owner.token);
    expect(months[pm - 1]!.status).toBe('open');
    await page.getByRole('button', { name: 'Close month' }).click();
    ask = page.getByRole('dialog', { name: `Close ${monthName(py, pm)}?` });
    await ask.getByRole('button', { name: 'Close month' }).click();
    await page.getByText(`${monthName(py, pm)} is closed.`).waitFor();
    await page.getByRole('button', { name: 'Reopen' }).first().waitFor();
    if (viewport.name === 'phone') expect(await sidewaysScroll(page)).toBe(0);

    // A new entry dated in the closed month says so as the date is picked, before any save.
    await page.goto(`/user/dailyoperationalexpenses?year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`);
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    const form = page.getByRole('dialog', { name: 'New entry: Expense' });
    await form.getByLabel(/^Date/).fill(day);
    await form.getByText(`${monthName(py, pm)} is closed: reopen it to record an entry dated in it, or choose another date.`).waitFor();
    await form.getByLabel(/^Date/).fill(`${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-01`);
    await form.getByText(/is closed: reopen it/).waitFor({ state: 'detached' });

    // An amount far above the owner's usual (100× their largest expense, $276.10) is asked about before it is saved.
    await form.getByLabel(/^Amount/).fill('999999999.99');
    await form.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    let question = page.getByRole('dialog', { name: 'Is this amount right?' });
    await question.getByText('$999,999,999.99 is far above any expense you have recorded. Save it as it is?').waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await form.getByText('Check this amount: it is far above your usual.').waitFor();
    await form.getByLabel(/^Amount/).fill('199.99');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    await form.getByLabel(/^Amount/).fill('999999999.99');
    await form.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    question = page.getByRole('dialog', { name: 'Is this amount right?' });
    await question.getByRole('button', { name: 'Save it' }).click();
    await form.waitFor({ state: 'detached' });
    const expenses = await apiCall<{ items: { amount: number }[] }>('GET', 'entries?type=expense&sort=amount&order=desc', undefined, owner.token);
    expect(expenses.items.map((e) => e.amount)).toEqual([99999999999, 27610, 19999]);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
