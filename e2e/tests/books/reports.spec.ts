import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const MONTH = '?year=2025&month=5';

/** The file a click downloads, as bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), body: readFileSync(await download.path()) };
}

describe.each(VIEWPORTS)('the reports at $width px', (viewport) => {
  it('entries recorded through the screens give the same net profit on the month dashboard, both profits and losses, the annual total and every file', async () => {
    const owner = await paidOwner(`reports-${viewport.name}`, 'Inés Calvo');
    const { context, page } = await ownerPage(viewport, owner);

    // 1,000.00 of income and 250.00 of office expense in May 2025: a net profit of 750.00.
    await page.goto(`/user/dailyincomeregister${MONTH}`);
    await page.getByLabel('Date').fill('2025-05-02');
    await page.getByRole('textbox', { name: 'Amount 1' }).fill('1000');
    await page.getByRole('button', { name: 'Save the day' }).click();
    await page.getByText("The day's income is saved.").waitFor();
    await page.goto(`/user/dailyoperationalexpenses${MONTH}`);
    await page.getByRole('button', { name: 'New Expense' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill('2025-05-03');
    await dialog.getByLabel('Amount').fill('250');
    await dialog.getByRole('combobox', { name: /^Category(\s|$)/ }).click();
    await page.getByRole('option', { name: 'Office expenses', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save and add another' }).click();
    await dialog.getByText('Saved. Enter the next one').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Years → months → the month.
    await page.goto('/user/taxyears');
    await page.getByRole('heading', { name: 'Tax years', level: 1 }).waitFor();
    await page.getByRole('link', { name: '2025', exact: true }).click();
    await page.waitForURL('**/user/taxmonths?year=2025');
    await page.getByRole('link', { name: 'May 2025', exact: true }).click();
    await page.waitForURL(/\/user\/monthdashboard\?year=2025&month=5/);
    await page.getByRole('link', { name: /^Net profit\s*\$750\.00/ }).waitFor();
    await page.getByRole('link', { name: /^Income\s*\$1,000\.00/ }).waitFor();

    // Both profits and losses and the annual total.
    await page.goto(`/user/profitsandlossesmonth${MONTH}`);
    await page.getByRole('row', { name: /^Net profit \$750\.00/ }).waitFor();
    await page.getByRole('row', { name: /^Office expenses \$250\.00/ }).waitFor();
    const pdf = await downloaded(page, () => page.getByRole('button', { name: 'Download as PDF' }).click());
    expect(pdf.name).toBe('pnl-2025-05.pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xlsx = await downloaded(page, () => page.getByRole('button', { name: 'Download as XLSX' }).click());
    expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download as CSV' }).click());
    const text = csv.body.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Net profit,,750,75');

    await page.goto('/user/profitsandlossesyear?year=2025');
    await page.getByRole('row', { name: /^Net profit .*\$750\.00.*\$750\.00$/ }).waitFor();
    await page.goto('/user/annualtotal?year=2025');
    await page
      .getByRole('row', { name: /^Net profit \$750\.00$/ })
      .first()
      .waitFor();
    await page.getByText('Self-employment tax (estimate)').first().waitFor();
    const annual = await downloaded(page, () => page.getByRole('button', { name: 'Download as CSV' }).click());
    expect(annual.body.toString('utf8')).toContain('Net profit,,750');

    // The accountant's package: a job with its progress; the file waits for download, also after a reload.
    await page.getByRole('button', { name: 'Make the 2025 package' }).click();
    await page.getByText(/^cuadre-year-end-2025\.zip is ready/).waitFor({ timeout: 30_000 });
    await page.reload();
    const pack = await downloaded(page, () => page.getByRole('button', { name: 'Download', exact: true }).click());
    expect(pack.name).toBe('cuadre-year-end-2025.zip');
    expect(pack.body.subarray(0, 2).toString('latin1')).toBe('PK');

    // Settings: all my data, then the account deleted with its password.
    await page.goto('/usersettings?tab=data');
    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByText(/^cuadre-my-data-.*\.zip is ready/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete my account' });
    await confirm.getByLabel('Password').fill('not-the-password');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await confirm.getByText('The password is wrong').waitFor();
    await confirm.getByLabel('Password').fill(owner.password);
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL('**/sign-in');

    expect(problemsOf(page).filter((p) => !/401|Unauthorized/i.test(p))).toEqual([]);
    await context.close();
  });

  it('the yearly profit and loss fits the screen: every figure whole, the total in view, all twelve months beside it on a desktop, subtotals named', async () => {
    const owner = await paidOwner(`pnl-fit-${viewport.name}`, 'Rosa Méndez');
    const accessToken = owner.token;
    // A bakery's year: five-figure income every month (the widest months $19,999.99), rent and office
    // costs; February loses money. Categories by kind, whatever they are called in the reader's language.
    const { items: categories } = await apiCall<{ items: { id: string; kind: string }[] }>('GET', 'categories?size=100', undefined, accessToken);
    const ofKind = (kind: string) => categories.filter((c) => c.kind === kind).map((c) => c.id);
    const [sales] = ofKind('income');
    const [rent, office] = ofKind('expense');
    const entries = Array.from({ length: 12 }, (_, i) => {
      const date = `2025-${String(i + 1).padStart(2, '0')}-15`;
      const income = i === 1 ? 50_000 : i === 11 ? 1_999_999 : 1_651_398 + i * 9_117;
      return [
        { type: 'income', date, amount: income, categoryId: sales, paymentMethod: 'card' },
        { type: 'expense', date, amount: 185_000, categoryId: rent, paymentMethod: 'check' },
        { type: 'expense', date, amount: 24_847 + i * 313, categoryId: office, paymentMethod: 'card' },
      ];
    }).flat();
    await apiCall('POST', 'entries/batch', { entries }, accessToken);

    const { context, page } = await ownerPage(viewport, owner);
    await page.goto('/user/profitsandlossesyear?year=2025');
    const table = page.getByRole('table', { name: 'Profit and loss · year' });
    await table.getByRole('row', { name: /^Total income / }).waitFor();
    for (const subtotal of ['Total income', 'Total cost of goods sold', 'Gross profit', 'Total operating expenses', 'Net profit'])
      await table.getByRole('row', { name: new RegExp(`^${subtotal} `) }).waitFor();

    // No figure is cut: every cell with a figure is at least as wide as its text.
    const cut = await table.evaluate((t) =>
      Array.from(t.querySelectorAll('tbody td'))
        .filter((td) => /\d/.test(td.textContent ?? ''))
        .filter((td) => td.scrollWidth > td.clientWidth)
        .map((td) => `${td.textContent} (${td.scrollWidth} > ${td.clientWidth})`),
    );
    expect(cut).toEqual([]);

    // The total column is in view, heading and figures, at both widths.
    const inView = async (cell: ReturnType<Page['locator']>) => {
      const box = (await cell.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= viewport.width + 0.5;
    };
    const header = table.getByRole('row').first();
    const netRow = table.getByRole('row', { name: /^Net profit / });
    expect(await inView(header.getByRole('columnheader', { name: 'Total', exact: true }))).toBe(true);
    expect(await inView(netRow.getByRole('cell').last())).toBe(true);
    await expect.poll(() => netRow.getByRole('cell').last().textContent()).toBe('$165,174.75');

    if (viewport.width >= 1280) {
      // With the navigation open, the twelve months and the total all fit: nothing scrolls sideways.
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
      const months = header.getByRole('columnheader');
      expect(await months.count()).toBe(14);
      for (let i = 1; i < 14; i++) expect(await inView(months.nth(i)), `column ${i}`).toBe(true);
      const frame = await table.evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
      expect(frame.scroll).toBeLessThanOrEqual(frame.client);
      // The months in whole units; the exact amount stays in the cell for a screen reader and on pointing.
      const january = table
        .getByRole('row', { name: /^Total income / })
        .getByRole('cell')
        .first();
      expect(await january.locator('[aria-hidden="true"]').innerText()).toBe('16,514');
      expect(await january.getAttribute('title')).toBe('$16,513.98');
      await table.getByRole('row', { name: /^Total income \$16,513\.98 \$500\.00 / }).waitFor();
      await table.getByRole('row', { name: /^Net profit \$14,415\.51 -\$1,601\.60 / }).waitFor();
    } else {
      // A phone scrolls the months between the line names and the total, with their cents.
      const january = table
        .getByRole('row', { name: /^Total income / })
        .getByRole('cell')
        .first();
      expect(await january.innerText()).toBe('$16,513.98');
    }

    // A month's report names its month once (the picker), and the picker's label fits on its line.
    await page.goto('/user/profitsandlossesmonth?year=2025&month=11');
    await page.getByRole('row', { name: /^Total income / }).waitFor();
    expect(await page.getByText('November 2025', { exact: true }).filter({ visible: true }).count()).toBe(1);
    const label = page.getByRole('group', { name: 'Month in view' }).getByText('November 2025');
    const fits = await label.evaluate(
      (el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1 && el.clientHeight < 2 * parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(fits).toBe(true);

    expect(problemsOf(page).filter((p) => !/401|Unauthorized/i.test(p))).toEqual([]);
    await context.close();
  });
});
