import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const MONTH = '?year=2026&month=3';

/** The categories the income form offers: opens a new income, reads the category list, and leaves the form. */
async function incomeCategories(page: Page, newIncome: string, category: string): Promise<string[]> {
  await page.getByRole('button', { name: newIncome }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: new RegExp(`^${category}(\\s|$)`) }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option').first().waitFor();
  const names = (await listbox.getByRole('option').allTextContents()).map((n) => n.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return names;
}

describe.each(VIEWPORTS)('the chart in the reader’s language at $width px', (viewport) => {
  it('an English owner’s income form lists English categories, and Turkish ones once the language is switched', async () => {
    const owner = await paidOwner(`chart-en-${viewport.name}`, 'Rosa Medina', { language: 'en' });
    const { context, page } = await ownerPage(viewport, owner);
    await page.goto(`/user/dailyincome${MONTH}`);
    expect(await incomeCategories(page, 'New Income', 'Category')).toEqual(['Sales', 'Services', 'Other income']);

    // The top bar's language menu names every language in its own name; choosing one reads the chart again.
    await page.getByRole('button', { name: /^EN,/ }).click();
    const menu = page.getByRole('menu');
    expect((await menu.getByRole('menuitemradio').allTextContents()).map((n) => n.trim())).toEqual(['English', 'Español', 'Türkçe']);
    await menu.getByRole('menuitemradio', { name: 'Türkçe' }).click();
    await page.getByRole('button', { name: 'Yeni: Gelir' }).first().waitFor();
    expect(await incomeCategories(page, 'Yeni: Gelir', 'Kategori')).toEqual(['Satışlar', 'Hizmetler', 'Diğer gelirler']);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('a Turkish owner’s income form lists Turkish categories', async () => {
    const owner = await paidOwner(`chart-tr-${viewport.name}`, 'Elif Kaya', { language: 'tr' });
    const { context, page } = await ownerPage(viewport, owner);
    await page.goto(`/user/dailyincome${MONTH}`);
    expect(await incomeCategories(page, 'Yeni: Gelir', 'Kategori')).toEqual(['Satışlar', 'Hizmetler', 'Diğer gelirler']);
    expect(await page.getByText('Ventas').count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('a Spanish owner reads money as US Spanish does: "$605.50"', async () => {
    const owner = await paidOwner(`chart-es-${viewport.name}`, 'Marta Ruiz', { language: 'es' });
    const { token } = owner;
    const sales = (await apiCall<{ items: { id: string; name: string }[] }>('GET', 'categories?kind=income', undefined, token)).items[0]!;
    expect(sales.name).toBe('Ventas');
    await apiCall('POST', 'entries', { type: 'income', date: '2026-03-02', amount: 60550, categoryId: sales.id, paymentMethod: 'cash' }, token);
    const { context, page } = await ownerPage(viewport, owner);
    await page.goto(`/user/dailyincome${MONTH}`);
    await page.getByRole('heading', { name: 'Ingresos diarios', level: 1 }).waitFor();
    await page.getByText('$605.50').first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Ventas');
    expect(text).not.toMatch(/605,50|US\$/);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
