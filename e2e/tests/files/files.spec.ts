import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const PDF = Buffer.from('%PDF-1.4\n% The shop lease\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f8f1b20000000049454e44ae426082',
  'hex',
);

/** An income entry of March 2025 with a receipt, through the API: what the Receipts folder shows. */
async function entryWithReceipt(token: string) {
  const cats = await apiCall<{ items: { id: string; name: string }[] }>('GET', 'categories', undefined, token);
  const sales = cats.items.find((c) => c.name === 'Sales')!;
  const entry = await apiCall<{ id: string }>(
    'POST',
    'entries',
    { type: 'income', date: '2025-03-14', amount: 12500, categoryId: sales.id, paymentMethod: 'cash', description: 'Wedding cake' },
    token,
  );
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'cake-receipt.png');
  const res = await fetch(`${inject('baseURL')}/api/entries/${entry.id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

describe.each(VIEWPORTS)('the file manager and the icons at $width px', (viewport) => {
  it('a folder is made, a file uploaded, moved, downloaded and deleted; the receipts folder opens an entry', async () => {
    const owner = await paidOwner(`files-${viewport.name}`, 'Inés Robles');
    await entryWithReceipt(owner.token);
    const { context, page } = await ownerPage(viewport, owner);

    // From the default shortcuts.
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Shortcuts' }).getByRole('button', { name: 'Documents' }).click();
    await page.waitForURL('**/apps/file-manager');
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await page
      .getByRole('note')
      .getByText(/Nothing here yet/)
      .waitFor();

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel(/^Name/).fill('Contracts');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Folder created').waitFor();
    await page.getByRole('button', { name: 'Contracts', exact: true }).waitFor();
    // A second folder of that name, whatever its case, is refused and said so.
    await page.getByRole('button', { name: 'New folder' }).click();
    const again = page.getByRole('dialog', { name: 'New folder' });
    await again.getByLabel(/^Name/).fill('CONTRACTS');
    await page.getByRole('button', { name: 'Create' }).click();
    await again.getByText('A folder named "Contracts" is already in this folder: choose another name').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    // What was typed is not kept: the form asks before dropping it.
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await again.waitFor({ state: 'detached' });

    await page.getByTestId('file-input').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('1 file uploaded').waitFor();
    await page.getByText('lease.pdf').waitFor();

    // A disguised file is refused and said so.
    await page.getByTestId('file-input').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf') });
    await page.getByText(/invoice\.pdf was not uploaded/).waitFor();

    await page.getByRole('button', { name: 'Move lease.pdf' }).click();
    const picker = page.getByRole('dialog', { name: 'Move lease.pdf' });
    await picker.getByRole('button', { name: 'Contracts', exact: true }).click();
    await picker.getByText('No folders inside this one.').waitFor();
    await picker.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('lease.pdf was moved').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The root shows the move: the folder now holds the file.
    await page.getByText('lease.pdf', { exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Contracts', exact: true }).click();
    await page.waitForURL(/folderId=[0-9a-f-]{36}/);
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('Contracts').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download lease.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('lease.pdf');
    expect(readFileSync(await download.path()).equals(PDF)).toBe(true);

    // Back at the root, the folder goes with what it holds, after a question.
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Delete Contracts' }).click();
    await page
      .getByRole('dialog', { name: 'Delete?' })
      .getByText(/Contracts and everything inside it/)
      .waitFor();
    await page.getByRole('dialog', { name: 'Delete?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Contracts was deleted').waitFor();
    await page.getByRole('button', { name: 'Contracts', exact: true }).waitFor({ state: 'detached' });

    // The receipts, by year and month, read-only; a receipt opens its entry.
    await page.getByRole('button', { name: 'Receipts', exact: true }).click();
    await page.getByRole('button', { name: '2025', exact: true }).click();
    await page.getByRole('button', { name: 'Mar 2025', exact: true }).click();
    // The month's receipts shown first: counted before they arrive, no delete button would prove nothing.
    await page.getByRole('button', { name: 'Download cake-receipt.png' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete cake-receipt.png' }).count()).toBe(0);
    await page.getByRole('link', { name: 'cake-receipt.png' }).click();
    await page.waitForURL('**/user/dailyincome?year=2025&month=3*');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('the icons page searches a set and copies an icon’s name', async () => {
    const owner = await paidOwner(`icons-${viewport.name}`, 'Óscar Prieto');
    const { context, page } = await ownerPage(viewport, owner);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/ui/icons');
    await page.getByRole('heading', { name: 'Icons', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Heroicons mini' }).click();
    await page.getByRole('tab', { name: 'Heroicons mini', selected: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search icons' }).fill('arrow up tray');
    await page
      .getByRole('status')
      .getByText(/^1 of \d+ icons$/)
      .waitFor();
    await page.getByRole('button', { name: 'Copy heroicons_mini:arrow-up-tray' }).click();
    await page.getByText('Copied heroicons_mini:arrow-up-tray').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('heroicons_mini:arrow-up-tray');
    // Twotone has no namespace: the bare name is copied; the keyboard reaches it.
    await page.getByRole('tab', { name: 'Material two-tone' }).click();
    await page.getByRole('tab', { name: 'Material two-tone', selected: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search icons' }).fill('account circle');
    const icon = page.getByRole('button', { name: 'Copy account-circle', exact: true });
    await icon.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Copied account-circle').waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
