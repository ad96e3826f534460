import { afterAll, describe, it } from 'vitest';
import { VIEWPORTS, closeBrowser } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('finance at $width px', (viewport) => {
  it('a budget set, its warning after an expense, and the finance dashboard showing the month’s spending', async () => {
    const owner = await paidOwner(`finance-${viewport.name}`, 'Rosa Campos');
    const { context, page } = await ownerPage(viewport, owner);
    const now = new Date();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const today = now.toISOString().slice(0, 10);

    // From the books hub to the finance dashboard, empty, saying what to do.
    // A phone shows the first areas and "12 more" for the rest.
    if (viewport.name === 'phone') await page.getByRole('navigation', { name: 'Your business' }).getByRole('button', { name: '12 more' }).click();
    await page.getByRole('navigation', { name: 'Your business' }).getByRole('link', { name: 'Finance' }).click();
    await page.waitForURL('**/dashboards/finance');
    await page.getByText('Nothing to show yet').waitFor();

    // A budget: Meals, 100.00 a month.
    await page.getByRole('link', { name: 'Budgets' }).first().click();
    await page.waitForURL('**/user/budgets');
    await page.getByText('No budgets yet').waitFor();
    await page.getByRole('button', { name: 'New budget' }).first().click();
    const form = page.getByRole('dialog', { name: 'New budget' });
    await form.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Meals', exact: true }).click();
    await form.getByLabel(/^Monthly budget/).fill('100');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByText('The budget for Meals was saved.').waitFor();

    // An expense of 85.00 in Meals: 85 % of the budget.
    await page.goto(`/user/dailyoperationalexpenses?year=${year}&month=${month}`);
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill(today);
    await dialog.getByLabel('Amount').fill('85');
    await dialog.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Meals', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The warning is in the notifications panel.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Meals is at 80 % of its budget').waitFor();
    await page.keyboard.press('Escape');

    // The dashboard shows the month's spending against the budget.
    await page.goto('/dashboards/finance');
    await page.getByRole('heading', { level: 2, name: 'This month', exact: true }).waitFor();
    await page.getByText('$85.00 of $100.00').waitFor();
    await page.getByRole('progressbar', { name: 'Budgeted spending: 85 % of the budget' }).waitFor();
    await page.getByRole('link', { name: 'Meals' }).first().waitFor();
    await context.close();
  });
});
