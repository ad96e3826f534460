import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

/** `E2E_SHOTS=<folder>` keeps a picture of each screen the test reaches, to look at. */
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`), fullPage: true });
};

/**
 * A food truck's 2025 (docs/product.md, "Vehicle methods"; 70¢ a mile): income 5,000.00; the Truck's
 * trips 900 + 350 = 1,250 mi; expenses naming it: fuel 100.01 (entered on the screen), insurance 300.00,
 * lease 250.00, parking 12.00.
 * Standard mileage (the default): 1,250 × 70¢ = 875.00 + parking 12.00 deducted; net 4,113.00; fuel,
 * insurance and lease, 650.01, not deductible.
 * Actual expenses, odometer 10,000 → 12,000 (2,000 mi, 62.5 % business): fuel 62.51, insurance 187.50,
 * lease 156.25, parking 12.00 = 418.26 deducted, no mileage; net 4,581.74; 243.75 not deductible.
 */
describe.each(VIEWPORTS)('a vehicle’s method at $width px', (viewport) => {
  it('choosing actual expenses for the truck changes the annual total, and the kept-off part is shown apart', async () => {
    const owner = await paidOwner(`vehicle-method-${viewport.name}`, 'Diego Paz');
    const token = owner.token;
    const { items: categories } = await apiCall<{ items: { id: string; name: string }[] }>('GET', 'categories?size=100', undefined, token);
    const { items: subs } = await apiCall<{ items: { id: string; name: string; categoryId: string }[] }>('GET', 'subcategories?size=500', undefined, token);
    const cat = (name: string) => categories.find((c) => c.name === name)!.id;
    const truck = await apiCall<{ id: string }>('POST', 'vehicles', { name: 'Truck' }, token);
    const parking = subs.find((s) => s.name === 'Parking' && s.categoryId === cat('Vehicle expenses'))!.id;
    const x = (date: string, amount: number, categoryId: string, more = {}) => ({
      type: 'expense',
      date,
      amount,
      categoryId,
      paymentMethod: 'card',
      vehicleId: truck.id,
      ...more,
    });
    await apiCall(
      'POST',
      'entries/batch',
      {
        entries: [
          { type: 'income', date: '2025-03-01', amount: 500000, categoryId: cat('Sales'), paymentMethod: 'cash' },
          x('2025-05-02', 30000, cat('Insurance')),
          x('2025-06-01', 25000, cat('Vehicle and equipment leases')),
          x('2025-05-02', 1200, cat('Vehicle expenses'), { subcategoryId: parking }),
        ],
      },
      token,
    );
    await apiCall('POST', 'trips', { vehicleId: truck.id, date: '2025-03-15', miles: 900, purpose: 'Markets' }, token);
    await apiCall('POST', 'trips', { vehicleId: truck.id, date: '2025-05-01', miles: 350, purpose: 'Markets' }, token);

    const { context, page } = await ownerPage(viewport, owner);
    // The fuel, entered on the expense form, names the truck.
    await page.goto('/user/dailyoperationalexpenses?year=2025&month=3');
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2025-03-16');
    await dialog.getByLabel('Amount').fill('100.01');
    await dialog.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Vehicle expenses', exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Vehicle(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Truck', exact: true }).click();
    await shot(page, `expense-form-${viewport.width}`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Standard mileage, the default: the mileage deducted, the truck's costs apart.
    await page.goto('/user/annualtotal?year=2025');
    await page
      .getByRole('row', { name: /^Net profit \$4,113\.00$/ })
      .first()
      .waitFor();
    await page.getByRole('row', { name: /^Not deductible: standard mileage chosen for Truck \$650\.01$/ }).waitFor();

    // Actual expenses for 2025, with the year's odometer readings.
    await page.goto('/user/vehicles');
    await page.getByRole('button', { name: 'Tax year method Truck' }).click();
    const method = page.getByRole('dialog', { name: 'Tax year method · Truck' });
    await method.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: '2025', exact: true }).click();
    await method.getByText('Business miles (trips): 1,250 · standard deduction $875.00').waitFor();
    await method.getByRole('radio', { name: 'Actual expenses' }).check();
    // Without the readings the server refuses: the share cannot be worked out.
    await method.getByRole('button', { name: 'Save', exact: true }).click();
    await method.getByText(/Actual expenses need the year’s miles/).waitFor();
    await method.getByLabel('Odometer on 1 January').fill('10000');
    await method.getByLabel('Odometer on 31 December').fill('12000');
    await shot(page, `vehicle-method-${viewport.width}`);
    await method.getByRole('button', { name: 'Save', exact: true }).click();
    await method.waitFor({ state: 'hidden' });
    await page.getByText('Truck: Actual expenses for 2025.').waitFor();

    await page.goto('/user/annualtotal?year=2025');
    await page
      .getByRole('row', { name: /^Net profit \$4,581\.74$/ })
      .first()
      .waitFor();
    await page.getByRole('row', { name: /^Not deductible: personal use of Truck \(actual expenses, 62\.5% business\) \$243\.75$/ }).waitFor();
    await page.getByText('Actual expenses · Business share: 62.5%').waitFor();
    await shot(page, `annual-total-${viewport.width}`);
    await page.goto('/user/profitsandlossesyear?year=2025');
    await page.getByRole('row', { name: /^Net profit .*\$4,581\.74$/ }).waitFor();
    await shot(page, `pnl-year-${viewport.width}`);

    expect(problemsOf(page).filter((p) => !/401|Unauthorized/i.test(p))).toEqual([]);
    await context.close();
  });
});
