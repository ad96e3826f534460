import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const CSV = [
  'Fecha;Concepto;Importe;Referencia',
  '02/06/2025;VENTA TPV 4411;1.250,00;T-001',
  '03/06/2025;SHELL ESTACION 22;-45,10;T-002',
  '04/06/2025;PAPELERIA CENTRO;-12,30;T-003',
].join('\n');

describe.each(VIEWPORTS)('the import wizard at $width px', (viewport) => {
  it('reads a bank CSV, applies a rule, lets the owner pick a category, imports, and marks a second import as duplicates', async () => {
    const owner = await paidOwner(`import-${viewport.name}`, 'Pilar Soto');
    const { context, page } = await ownerPage(viewport, owner);

    // From an entry list, to the wizard.
    await page.goto('/user/dailyincome?year=2025&month=6');
    await page.getByRole('link', { name: 'Import a statement' }).click();
    await page.waitForURL('**/user/import');
    await page.getByRole('heading', { name: 'Import a bank statement', level: 1 }).waitFor();

    // A rule first: fuel goes to Vehicle expenses.
    await page.getByLabel('Description contains').fill('shell');
    await page
      .getByRole('combobox', { name: /^Category(\s|$)/ })
      .last()
      .click();
    await page.getByRole('option', { name: 'Vehicle expenses', exact: true }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('“shell” → Vehicle expenses').waitFor();

    await page.getByLabel('Statement file (CSV, OFX or QFX)').setInputFiles({ name: 'banco.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByLabel('Bank', { exact: true }).fill('Banco Sur');
    await page.getByRole('button', { name: 'Read the file' }).click();
    await page.getByText('3 rows · 2 ready · 1 with problems · 0 already in your books').waitFor();
    await page.getByText('Rule: “shell”').waitFor();

    // The reading ran as a job whose id is in the address: a reload finds the reviewed rows again.
    expect(page.url()).toMatch(/\/user\/import\?job=[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByText('3 rows · 2 ready · 1 with problems · 0 already in your books').waitFor();
    expect(await page.getByLabel('Bank', { exact: true }).inputValue()).toBe('Banco Sur');

    // The stationery has no rule: the owner picks its category.
    await page.getByRole('combobox', { name: 'Category 4' }).click();
    await page.getByRole('option', { name: 'Office expenses', exact: true }).click();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByText('3 entries imported.').waitFor();

    await page.goto('/user/monthdashboard?year=2025&month=6');
    await page.getByRole('link', { name: /^Net profit\s*\$1,192\.60/ }).waitFor();

    // The same file again: every row is already in the books, and nothing is chosen.
    await page.goto('/user/import');
    await page.getByLabel('Statement file (CSV, OFX or QFX)').setInputFiles({ name: 'banco.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByLabel('Bank', { exact: true }).fill('Banco Sur');
    await page.getByRole('button', { name: 'Read the file' }).click();
    await page.getByText('3 rows · 0 ready · 1 with problems · 3 already in your books').waitFor();
    expect(await page.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
