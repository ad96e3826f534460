import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, navigateInApp, problemsOf, settle, sidewaysScroll } from '../../fixtures/browser';
import { adminPage, ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('insights at $width px', (viewport) => {
  it('the activities page shows an entry just made, with a link that opens it', async () => {
    const owner = await paidOwner(`activities-${viewport.name}`, 'Nora Feed');
    const { context, page } = await ownerPage(viewport, owner);
    const now = new Date();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;

    // An entry made through its screen.
    await page.goto(`/user/dailyincome?year=${year}&month=${month}`);
    await page
      .getByRole('button', { name: /^New income$/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('12.00');
    await dialog.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await dialog.getByLabel('Description').fill('Cake <b>sale</b>');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The feed has it first, its name shown as text, not markup.
    await navigateInApp(page, '/pages/activities');
    await page.getByRole('heading', { level: 1, name: 'Activities' }).waitFor();
    const first = page.getByRole('list', { name: 'Activities' }).getByRole('listitem').filter({ hasText: 'Cake' }).first();
    await first.getByText('You recorded').waitFor();
    expect(await first.locator('strong').textContent()).toMatch(/^Cake <b>sale<\/b> \(\d{4}-\d{2}-\d{2}\)$/);
    expect(await first.locator('b').count()).toBe(0);
    await settle(page);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // Its link opens the month's income list found on that entry.
    await first.getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(/\/user\/dailyincome\?year=\d+&month=\d+&search=Cake/);
    await page.getByText('Cake <b>sale</b>').first().waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('the analytics page shows an administrator the service', async () => {
    const { context, page } = await adminPage(viewport);
    await navigateInApp(page, '/dashboards/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByText('How the service is used').waitFor();
    await page.getByText('Active owners', { exact: true }).first().waitFor();
    await page.getByText('Sign-ups').first().waitFor();
    await page.getByRole('img', { name: /Active owners and Sessions per day/ }).waitFor();
    expect(await page.getByText('Not known: Cuadre never asks for it.').count()).toBe(2);
    await settle(page);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
