import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

/** Picks an option of a MUI select by the field's label (its accessible name goes on with the value chosen). */
async function choose(scope: Locator, page: Page, label: string, option?: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}(\\s|$)`) }).click();
  if (option) await page.getByRole('option', { name: option, exact: true }).click();
  else await page.getByRole('option').first().click();
}

/** The product's stock as its form shows it. */
async function stockOf(page: Page, name: string): Promise<string> {
  await page
    .getByRole('button', { name: `Edit ${name}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit product' });
  const stock = await dialog.getByRole('textbox', { name: 'Stock', exact: true }).inputValue();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return stock;
}

const MONTH = '?year=2026&month=5';

describe.each(VIEWPORTS)('the inventory at $width px', (viewport) => {
  it("a product's stock goes up with a purchase and down with a sale, each movement linking to its entry", async () => {
    const owner = await paidOwner(`inventory-${viewport.name}`, 'Marta Horno');
    const { context, page } = await ownerPage(viewport, owner);

    // Reached from the default shortcuts' target; a new account starts empty, saying what to do.
    await page.goto('/apps/ecommerce/inventory');
    await page.getByText('No products yet').waitFor();
    await page.getByRole('button', { name: 'New product' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel(/^Name/).fill('Flour 25 kg');
    await dialog.getByRole('textbox', { name: 'Stock', exact: true }).fill('5');
    await dialog.getByLabel('Base price (USD)').fill('20');
    await dialog.getByLabel('Tax %').fill('8.25');
    await dialog.getByText('$21.65').waitFor();
    if (viewport.name === 'phone') expect(await sidewaysScroll(page)).toBe(0);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Flour 25 kg saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await stockOf(page, 'Flour 25 kg')).toBe('5');

    // A purchase of 10 names it.
    await page.goto(`/user/dailypurchasedproducts${MONTH}`);
    await page.getByRole('button', { name: 'New Purchase' }).first().click();
    dialog = page.getByRole('dialog', { name: 'New entry: Purchase' });
    await dialog.getByLabel('Date').fill('2026-05-04');
    await dialog.getByLabel('Quantity').fill('10');
    await dialog.getByLabel('Unit cost').fill('18.50');
    await choose(dialog, page, 'Inventory product', 'Flour 25 kg');
    await choose(dialog, page, 'Category');
    await dialog.getByText('$185.00').waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // A sale of 3 names it too.
    await page.goto(`/user/dailyincome${MONTH}`);
    await page.getByRole('button', { name: 'New Income' }).first().click();
    dialog = page.getByRole('dialog', { name: 'New entry: Income' });
    await dialog.getByLabel('Date').fill('2026-05-06');
    await dialog.getByLabel('Amount').fill('65');
    await choose(dialog, page, 'Category', 'Sales');
    await choose(dialog, page, 'Inventory product', 'Flour 25 kg');
    await dialog.getByLabel(/^Quantity/).fill('3');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // 5 + 10 − 3.
    await page.goto('/apps/ecommerce/inventory');
    expect(await stockOf(page, 'Flour 25 kg')).toBe('12');

    // Each movement is on the product, and opens its entry.
    await page.getByRole('button', { name: 'Edit Flour 25 kg' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Edit product' });
    await dialog.getByText('+10 units').waitFor();
    await dialog.getByText('-3 units').waitFor();
    await dialog.getByRole('link', { name: /^Sale of/ }).click();
    await page.waitForURL('**/user/dailyincome?**');
    const entry = page.getByRole('dialog', { name: 'Entry: Income' });
    await entry.waitFor();
    expect(await entry.getByLabel(/^Quantity/).inputValue()).toBe('3');

    // Changing the sale to 4 moves the stock again; deleting it gives the units back.
    await entry.getByLabel(/^Quantity/).fill('4');
    await entry.getByRole('button', { name: 'Save', exact: true }).click();
    await entry.waitFor({ state: 'detached' });
    await page.goto('/apps/ecommerce/inventory');
    expect(await stockOf(page, 'Flour 25 kg')).toBe('11');

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
