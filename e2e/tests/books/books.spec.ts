import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { navigateTo, ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

/** Picks an option of a MUI select by the field's label (its name goes on with the value chosen: "Kind Employee"). */
async function choose(scope: Page | ReturnType<Page['getByRole']>, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}(\\s|$)`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Saves a registry record through its dialog. */
async function addRecord(page: Page, newLabel: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>, savedName: string) {
  await page.getByRole('button', { name: newLabel }).first().click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`${savedName} saved.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

const MONTH = '?year=2026&month=3';

describe.each(VIEWPORTS)('the books at $width px', (viewport) => {
  it('an owner keeps registries, records a month of every entry type and trips, attaches a receipt, closes and reopens the month', async () => {
    const owner = await paidOwner(`books-${viewport.name}`, 'Rosa Medina');

    const { context, page } = await ownerPage(viewport, owner);
    await page.getByRole('heading', { level: 1, name: /Rosa/ }).waitFor();
    await page.getByText('Quick add').waitFor();

    // Registries: two workers, a provider, a vehicle, a product.
    await navigateTo(page, 'Workers');
    await page.waitForURL('**/user/workers');
    await page.getByText('No workers yet').waitFor();
    await addRecord(
      page,
      'New worker',
      async (d) => {
        await d.getByLabel('Name').fill('Lucía Pérez');
        await d.getByLabel('Tax ID').fill('123-45-6789');
        await d.getByLabel('Pay rate').fill('18.00');
      },
      'Lucía Pérez',
    );
    await addRecord(
      page,
      'New worker',
      async (d) => {
        await d.getByLabel('Name').fill('Tomás Ríos');
        await choose(d, page, 'Kind', 'Contractor');
      },
      'Tomás Ríos',
    );
    await page.getByText('•••• 6789').first().waitFor();
    expect(await page.getByText('123-45-6789').count()).toBe(0);

    await navigateTo(page, 'Providers');
    await addRecord(
      page,
      'New provider',
      async (d) => {
        await d.getByLabel('Name').fill('Harinas del Sur');
        await choose(d, page, 'Default category', 'Merchandise purchases');
      },
      'Harinas del Sur',
    );
    await navigateTo(page, 'Vehicles');
    await addRecord(
      page,
      'New vehicle',
      async (d) => {
        await d.getByLabel('Name').fill('Delivery van');
        await d.getByLabel('Plate').fill('ABC-123');
      },
      'Delivery van',
    );
    await page.goto(`/user/purchasedproducts${MONTH}`);
    await addRecord(
      page,
      'New product',
      async (d) => {
        await d.getByLabel('Name').fill('Flour 25 kg');
        await d.getByLabel('Usual unit cost').fill('12.99');
        await choose(d, page, 'Provider', 'Harinas del Sur');
      },
      'Flour 25 kg',
    );

    // A day's income, three lines at once, from the register.
    await page.goto(`/user/dailyincomeregister${MONTH}`);
    await page.getByLabel('Date').fill('2026-03-02');
    await page.getByRole('textbox', { name: 'Amount 1' }).fill('100.50');
    await page.getByRole('textbox', { name: 'Description' }).first().press('Enter');
    await page.getByRole('textbox', { name: 'Amount 2' }).fill('200');
    await page.getByRole('textbox', { name: 'Description' }).nth(1).press('Enter');
    await page.getByRole('textbox', { name: 'Amount 3' }).fill('1.234,5');
    await page.getByText('3 lines · $1,535.00').waitFor();
    await page.getByRole('button', { name: 'Save the day' }).click();
    await page.getByText("The day's income is saved.").waitFor();

    // An expense, then a purchase by quantity, a worker payment, a supplier payment, each through the one entry form.
    await page.goto(`/user/dailyoperationalexpenses${MONTH}`);
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2026-03-05');
    await dialog.getByLabel('Amount').fill('45.99');
    await choose(dialog, page, 'Category', 'Office expenses');
    await choose(dialog, page, 'Subcategory', 'Stationery');
    await dialog.getByLabel('Description').fill('Printer paper');
    await dialog.getByRole('button', { name: 'Save and add another' }).click();
    await dialog.getByText('Saved. Enter the next one').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('row', { name: /Printer paper/ })
      .or(page.getByText('Printer paper'))
      .first()
      .waitFor();

    await page.goto(`/user/dailypurchasedproducts${MONTH}`);
    await page.getByRole('button', { name: 'New Purchase' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2026-03-06');
    await choose(dialog, page, 'Product', 'Flour 25 kg');
    await dialog.getByLabel('Quantity').fill('2.5');
    await dialog.getByText('$32.48').waitFor();
    await dialog.getByRole('button', { name: 'Save and add another' }).click();
    await dialog.getByText('Saved. Enter the next one').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('$32.48').first().waitFor();

    await page.goto(`/user/dailyworkerspayments${MONTH}`);
    await page.getByRole('button', { name: 'New Worker payment' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2026-03-07');
    await dialog.getByLabel('Amount').fill('720');
    await choose(dialog, page, 'Worker', 'Lucía Pérez');
    await choose(dialog, page, 'Category', 'Salaries and wages');
    await dialog.getByRole('button', { name: 'Save and add another' }).click();
    await dialog.getByText('Saved. Enter the next one').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/user/dailysupplierspayments${MONTH}`);
    await page.getByRole('button', { name: 'New Supplier payment' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2026-03-10');
    await dialog.getByLabel('Amount').fill('300');
    await choose(dialog, page, 'Provider', 'Harinas del Sur');
    await choose(dialog, page, 'Payment method', 'Check');
    await dialog.getByLabel('Reference (check, invoice)').fill('1042');
    await dialog.getByRole('button', { name: 'Save and add another' }).click();
    await dialog.getByText('Saved. Enter the next one').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A trip by odometer: 12.3 miles at the 2026 rate of 72.5 ¢ is $8.92.
    await page.goto(`/user/monthlymileage${MONTH}`);
    await page.getByRole('button', { name: 'New trip' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2026-03-04');
    await dialog.getByRole('button', { name: 'Odometer' }).click();
    await dialog.getByLabel('Odometer at start').fill('1000.2');
    await dialog.getByLabel('Odometer at end').fill('1012.5');
    await dialog.getByLabel('Business purpose').fill('Flour pickup');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('$8.92').first().waitFor();

    // A receipt on the expense.
    await page.goto(`/user/dailyoperationalexpenses${MONTH}`);
    await page.getByRole('button', { name: /^Edit 2026-03-05/ }).click();
    dialog = page.getByRole('dialog');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await dialog.getByText('paper.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The hub adds it all up: income 1,535.00; outflows 45.99 + 32.48 + 720 + 300 = 1,098.47; net − 8.92 mileage.
    await page.goto(`/user/dashboard${MONTH}`);
    // The first-run checklist has ticked what was done (no business name yet, no month closed); put away, it stays away.
    await page.getByRole('region', { name: 'Getting started' }).getByText('3 of 5 done').waitFor();
    await page.getByRole('button', { name: 'Hide this list' }).click();
    await page.getByRole('region', { name: 'Getting started' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('$1,535.00').first().waitFor();
    expect(await page.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
    await page.getByText('$1,098.47').first().waitFor();
    await page.getByText('$427.61').first().waitFor();
    // With a month of every kind of entry, the hub fits in two screen heights on a phone (issue 8).
    if (viewport.name === 'phone') {
      await page.getByRole('heading', { name: 'Recent entries' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2 * viewport.height);
    }

    // Closing the month: lists turn read-only and the server refuses a change.
    await page.getByRole('button', { name: 'Close month' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close month' }).click();
    await page.getByText('This month is closed').waitFor();
    await page.goto(`/user/dailyoperationalexpenses${MONTH}`);
    await page.getByText('This month is closed').waitFor();
    // The receipt's clip (and its screen-reader text) keeps the list within the screen.
    await page.getByText('1 receipt').first().waitFor({ state: 'attached' });
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'New Expense' }).first().isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^View 2026-03-05/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This month is closed. Reopen it to change its records.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The amount typed was not saved, so leaving the form asks first.
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Leave' }).click();
    await leave.waitFor({ state: 'detached' });

    // Reopened, it takes changes again.
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByText('This month is closed').waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'New Expense' }).first().isDisabled()).toBe(false);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
