import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, newPage, problemsOf } from '../../fixtures/browser';
import { adminToken, apiCall } from '../../fixtures/api';
import { confirmedOwner, signInThroughPage } from '../../fixtures/owners';

afterAll(closeBrowser);

const MONTH = '?year=2025&month=5';

/** The file a click downloads, as bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), body: readFileSync(await download.path()) };
}

describe.each(VIEWPORTS)('the reports at $width px', (viewport) => {
  it('entries recorded through the screens give the same net profit on the month dashboard, both profits and losses, the annual total and every file', async () => {
    const owner = await confirmedOwner(`reports-${viewport.name}`, 'Inés Calvo');
    const admin = await adminToken();
    const found = await apiCall<{ items: { id: string }[] }>('GET', `admin/users?search=${encodeURIComponent(owner.email)}`, undefined, admin);
    await apiCall('PATCH', `admin/users/${found.items[0]!.id}`, { plan: 'basic' }, admin);
    const { context, page } = await newPage(viewport);
    await signInThroughPage(page, owner.email, owner.password);
    await page.waitForURL('**/user/dashboard');

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
    await dialog.getByRole('button', { name: 'Save and add next' }).click();
    await dialog.getByText('Saved. Enter the next one').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

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
});
