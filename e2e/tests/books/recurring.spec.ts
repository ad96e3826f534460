import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const pad = (n: number) => String(n).padStart(2, '0');

describe.each(VIEWPORTS)('recurring entries at $width px', (viewport) => {
  it('rent saved to repeat monthly appears in the next month’s list, and in the recurring entries, which pause and resume', async () => {
    const owner = await paidOwner(`recurring-${viewport.name}`, 'Renata Alquiler');
    const { context, page } = await ownerPage(viewport, owner);
    const now = new Date();
    const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const [ly, lm] = [last.getFullYear(), last.getMonth() + 1];
    const [y, m] = [now.getFullYear(), now.getMonth() + 1];

    // Last month's rent, on the 1st, set to repeat monthly.
    await page.goto(`/user/dailyoperationalexpenses?year=${ly}&month=${lm}`);
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill(`${ly}-${pad(lm)}-01`);
    await dialog.getByLabel('Amount').fill('1850');
    await dialog.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Business premises rent', exact: true }).click();
    await dialog.getByLabel('Description').fill('Shop rent');
    await dialog.getByRole('combobox', { name: /^Repeat(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Monthly', exact: true }).click();
    await dialog.getByLabel('Every').waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Shop rent').first().waitFor();

    // The next month's list has it, made by the server on its date.
    await page.goto(`/user/dailyoperationalexpenses?year=${y}&month=${m}`);
    await page.getByText('Shop rent').first().waitFor();
    await page.getByText('$1,850.00').first().waitFor();

    // The recurring entries: reached from the books hub, the rent with its next date, paused and resumed.
    await page.goto('/user/dashboard');
    await page.getByRole('link', { name: 'Recurring entries' }).click();
    await page.waitForURL('**/user/recurring');
    await page.getByRole('heading', { level: 1, name: 'Recurring entries' }).waitFor();
    await page.getByText('Shop rent').first().waitFor();
    await page.getByText('Every month').first().waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.getByRole('button', { name: 'Pause Shop rent' }).first().click();
    await page.getByText('Shop rent paused.').waitFor();
    await page.getByText('Paused', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Resume Shop rent' }).first().click();
    await page.getByText('Shop rent resumed.').waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
