import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('a worker, a provider and a product added where an entry needs them, at $width px', (viewport) => {
  it('a worker payment with no workers adds the worker first; a supplier payment its provider; a purchase offers a product', async () => {
    const owner = await paidOwner(`add-in-place-${viewport.name}`, 'Iker Sanz');
    const { context, page } = await ownerPage(viewport, owner);
    const now = new Date();
    const month = `?year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`;

    // A worker payment: no workers yet, so the worker comes first, in the same dialog.
    await page.goto(`/user/dailyworkerspayments${month}`);
    await page.getByRole('button', { name: 'New Worker payment' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'New entry: Worker payment' });
    await dialog.getByRole('heading', { name: 'First, the worker' }).waitFor();
    expect(await dialog.getByLabel('Amount').count()).toBe(0);
    await dialog.getByLabel(/^Name/).fill('Lucía Pérez');
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Contractor' }).click();
    if (viewport.name === 'phone') expect(await sidewaysScroll(page)).toBe(0);
    await dialog.getByRole('button', { name: 'Add the worker' }).click();
    await dialog.getByText('Lucía Pérez is added. Now the payment.').waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Worker/ }).textContent()).toContain('Lucía Pérez');
    await dialog.getByLabel('Amount').fill('250');
    await dialog.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Contract labor', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('$250.00').first().waitFor();
    const workers = await apiCall<{ items: { name: string; kind: string }[] }>('GET', 'workers', undefined, owner.token);
    expect(workers.items.map((w) => [w.name, w.kind])).toEqual([['Lucía Pérez', 'contractor']]);

    // A supplier payment: the provider first; Cancel there closes the dialog and adds nothing.
    await page.goto(`/user/dailysupplierspayments${month}`);
    await page.getByRole('button', { name: 'New Supplier payment' }).first().click();
    dialog = page.getByRole('dialog', { name: 'New entry: Supplier payment' });
    await dialog.getByRole('heading', { name: 'First, the provider' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiCall<{ items: unknown[] }>('GET', 'providers', undefined, owner.token)).items).toEqual([]);

    // A purchase names a product if the owner wishes: the empty list says so and adds one in place.
    await page.goto(`/user/dailypurchasedproducts${month}`);
    await page.getByRole('button', { name: 'New Purchase' }).first().click();
    dialog = page.getByRole('dialog', { name: 'New entry: Purchase' });
    await dialog.getByText('No products yet.').waitFor();
    await dialog.getByLabel('Amount').fill('40');
    await dialog.getByRole('button', { name: 'Add a product' }).click();
    await dialog.getByRole('heading', { name: 'A new product' }).waitFor();
    // Its Cancel goes back to the purchase, as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('40');
    await dialog.getByRole('button', { name: 'Add a product' }).click();
    await dialog.getByLabel(/^Name/).fill('Flour 25 kg');
    await dialog.getByLabel('Unit').fill('sack');
    await dialog.getByRole('button', { name: 'Add the product' }).click();
    await dialog.getByText('Flour 25 kg is added and chosen.').waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Product/ }).textContent()).toContain('Flour 25 kg');
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('40');
    expect(await dialog.getByText('No products yet.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await dialog.waitFor({ state: 'detached' });
    const products = await apiCall<{ items: { name: string; unit: string }[] }>('GET', 'products', undefined, owner.token);
    expect(products.items.map((p) => [p.name, p.unit])).toEqual([['Flour 25 kg', 'sack']]);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
