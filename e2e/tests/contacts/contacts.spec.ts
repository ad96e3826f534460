import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('contacts at $width px', (viewport) => {
  it('a customer made from an income entry; their page shows that entry and the year total; edited with an email and a phone', async () => {
    const owner = await paidOwner(`contacts-${viewport.name}`, 'Marta Vidal');
    const { context, page } = await ownerPage(viewport, owner);
    const now = new Date();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;

    // From the books hub to an empty list that says what to do.
    await page.getByRole('navigation', { name: 'Your business' }).getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL('**/apps/contacts');
    await page.getByText('No contacts yet').waitFor();
    // "New contact" opens an empty card; Cancel, twice, leaves no contact behind (one is made on Save).
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'New contact' }).first().click();
      const card = page.getByRole('dialog', { name: 'New contact' });
      expect(await card.getByLabel(/^Name/).inputValue()).toBe('');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.waitFor({ state: 'hidden' });
    }
    await page.reload();
    await page.getByText('No contacts yet').waitFor();

    // An income entry names a new customer, made in place.
    await page.goto(`/user/dailyincome?year=${year}&month=${month}`);
    await page
      .getByRole('button', { name: /^New income$/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('45.50');
    await dialog.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await dialog.getByLabel('Description').fill('Birthday cake');
    const customer = dialog.getByRole('combobox', { name: 'Customer (contact)' });
    await customer.fill('Jorge Salas');
    await page.getByRole('option', { name: 'Add “Jorge Salas” as a new contact' }).click();
    await expect.poll(() => customer.inputValue()).toBe('Jorge Salas');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The contacts list has them; their page shows what they bought.
    await page.goto('/apps/contacts');
    await page.getByRole('link', { name: 'Jorge Salas' }).click();
    await page.waitForURL('**/apps/contacts/*');
    await page.getByRole('heading', { level: 1, name: 'Jorge Salas' }).waitFor();
    await page.getByRole('heading', { name: 'What they bought' }).waitFor();
    expect(await page.getByTestId('contact-year-total').textContent()).toBe('$45.50');
    await page.getByText(`Total in ${year}`).waitFor();
    const bought = page.locator('[aria-label="What they bought"]');
    await bought.getByRole('link', { name: 'Birthday cake' }).waitFor();

    // Edited: an email and a Spanish phone number.
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Contact' });
    await form.getByRole('button', { name: 'Add an email' }).click();
    await form.getByLabel('Email', { exact: true }).fill('jorge@example.com');
    await form.getByRole('button', { name: 'Add a phone number' }).click();
    const country = form.getByRole('combobox', { name: 'Country' });
    await country.fill('Spain');
    // Each country shows its flag as an image the server serves (flag-icons), not an emoji.
    const spain = page.getByRole('option', { name: /Spain \(\+34\)/ });
    expect(await spain.locator('img').getAttribute('src')).toBe('/api/apps/contacts/flags/es.svg');
    await spain.click();
    await form.getByLabel('Phone number', { exact: true }).fill('612 345 678');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'jorge@example.com' }).waitFor();
    await page.getByText(/\+34 612 345 678/).waitFor();
    // The phone number's flag has loaded (a real image: it has a width).
    const flag = page.locator('img[src="/api/apps/contacts/flags/es.svg"]');
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await sidewaysScroll(page)).toBe(0);

    // Each entry links to where it is listed.
    await bought.getByRole('link', { name: 'Birthday cake' }).click();
    await page.waitForURL(/\/user\/dailyincome\?.*search=Birthday/);
    await page.getByText('Birthday cake').first().waitFor();
    // The income list names the customer, linking back to their page.
    await page.getByRole('link', { name: 'Jorge Salas' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Jorge Salas' }).waitFor();

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
