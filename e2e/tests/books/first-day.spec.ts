import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, newPage, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { confirmedOwner, signInThroughPage } from '../../fixtures/owners';

afterAll(closeBrowser);

const RECEIPT = { name: 'market-day.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

describe.each(VIEWPORTS)('a new owner’s first day at $width px', (viewport) => {
  it('records an income with its receipt from the new-entry dialog and a trip, adding the vehicle in place, as the checklist ticks', async () => {
    // A new owner alone: signed up and confirmed, in the trial a new account starts with; no administrator.
    const owner = await confirmedOwner(`first-day-${viewport.name}`, 'Rosa Medina');
    const { context, page } = await newPage(viewport);
    await signInThroughPage(page, owner.email, owner.password);
    await page.waitForURL('**/user/dashboard');
    const checklist = page.getByRole('region', { name: 'Getting started' });
    await checklist.getByText('0 of 5 done').waitFor();
    // The month under way, with nothing in it, is not offered for closing.
    expect(await page.getByRole('button', { name: 'Close month' }).count()).toBe(0);

    // Income: the quick add takes several lines; one income with a receipt is a click away.
    await page.getByRole('button', { name: 'Income', exact: true }).click();
    const lines = page.getByRole('dialog', { name: "The day's income" });
    await lines.getByRole('textbox', { name: 'Amount 1' }).waitFor();
    await lines.getByRole('button', { name: 'One entry with a receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'New entry: Income' });
    await dialog.getByLabel('Amount').fill('120.50');
    await dialog.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Description').fill('Saturday market');
    await dialog.locator('input[type=file]').first().setInputFiles(RECEIPT);
    await dialog.getByText('market-day.pdf · 1 KB').waitFor();
    // Save is the primary button: it saves, uploads the held receipt and closes.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await checklist.getByText('1 of 5 done').waitFor();
    expect(await checklist.getByRole('link', { name: 'Record your first income' }).count()).toBe(0);

    // The receipt reached the saved entry.
    await page.getByRole('button', { name: /Saturday market/ }).click();
    const saved = page.getByRole('dialog', { name: 'Entry: Income' });
    await saved.getByRole('list', { name: 'Receipts' }).getByText('market-day.pdf').waitFor();
    await saved.getByRole('button', { name: 'Cancel' }).click();
    await saved.waitFor({ state: 'detached' });

    // A trip: no vehicle yet, so the vehicle comes first, in the same dialog.
    await page.getByRole('button', { name: 'Trip', exact: true }).click();
    const trip = page.getByRole('dialog', { name: 'New trip' });
    await trip.getByRole('heading', { name: 'First, the vehicle' }).waitFor();
    expect(await trip.getByLabel('Business purpose').count()).toBe(0);
    await trip.getByLabel('Name').fill('Delivery van');
    await trip.getByLabel('Plate').fill('ABC-123');
    await trip.getByRole('button', { name: 'Add the vehicle' }).click();
    await trip.getByText('Delivery van is added. Now the trip.').waitFor();
    expect(await trip.getByRole('combobox', { name: /^Vehicle/ }).textContent()).toContain('Delivery van');
    await trip.getByLabel('Miles').fill('12.4');
    await trip.getByLabel('Business purpose').fill('Flour pickup');
    if (viewport.name === 'phone') expect(await sidewaysScroll(page)).toBe(0);
    await trip.getByRole('button', { name: 'Save', exact: true }).click();
    await trip.waitFor({ state: 'detached' });

    // 12.4 miles at the 2026 rate of 72.5 ¢ is $8.99; the income is in the month's figures.
    await page.getByText('12.4 · $8.99').waitFor();
    await page.getByText('$120.50').first().waitFor();
    await checklist.getByText('2 of 5 done').waitFor();
    expect(await checklist.getByRole('link', { name: 'Add the vehicle you drive for work' }).count()).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
