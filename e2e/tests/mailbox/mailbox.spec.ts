import { afterAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, closeBrowser, newPage, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { adminToken } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400, 0x20)]);

describe.each(VIEWPORTS)('mailbox at $width px', (viewport) => {
  it('an owner refused another owner’s address; a mail with an attachment to the administrators, forwarded by them to that owner, received, labelled, moved to trash and restored', async () => {
    const sender = await paidOwner(`mail-from-${viewport.name}`, 'Inés Morales');
    const stranger = await paidOwner(`mail-to-${viewport.name}`, 'Pablo Ortega');
    const support = inject('admin').email;
    const subject = `Quarter invoice ${viewport.name}`;

    // The sender writes from the books hub's "Your business" links, attaching a PDF.
    const a = await ownerPage(viewport, sender);
    // A phone shows the first areas and "12 more" for the rest.
    if (viewport.name === 'phone') await a.page.getByRole('navigation', { name: 'Your business' }).getByRole('button', { name: '12 more' }).click();
    await a.page.getByRole('navigation', { name: 'Your business' }).getByRole('link', { name: 'Mailbox' }).click();
    await a.page.waitForURL('**/apps/mailbox');
    await a.page.getByText('Nothing in Inbox').waitFor();
    await a.page.getByRole('button', { name: 'Compose' }).first().click();
    const dialog = a.page.getByRole('dialog', { name: 'New mail' });
    // Another owner's address: one answer, the same as for an address with no account, and no name.
    await dialog.getByText('The administrators, or people who wrote to you, separated by commas').waitFor();
    await dialog.getByLabel('To', { exact: true }).fill(stranger.email);
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Message').fill('Hello?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('You can write to the administrators and to the people who wrote to you or share a chat with you').first().waitFor();
    expect(await dialog.getByText('Pablo').count()).toBe(0);
    await dialog.getByLabel('To', { exact: true }).fill(support);
    await dialog.getByLabel('Message').fill('Here is the invoice for the quarter.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByText(/^invoice\.pdf · /).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await a.page.getByText('Mail sent').waitFor();
    await a.context.close();

    // The administrator finds it in their inbox, with the file, and forwards it to the other owner
    // (an administrator writes to anyone).
    const admin = await newPage(viewport);
    await admin.page.goto('/api/health');
    await admin.page.evaluate((token) => localStorage.setItem('accessToken', token), await adminToken());
    await admin.page.goto('/apps/mailbox');
    await admin.page.getByRole('button', { name: new RegExp(subject) }).click();
    await admin.page.waitForURL(/mail=/);
    await admin.page.getByRole('heading', { level: 2, name: subject }).waitFor();
    await admin.page.getByRole('button', { name: 'Download invoice.pdf' }).waitFor();
    await admin.page.getByText(`Inés Morales <${sender.email}>`).waitFor();
    await admin.page.getByRole('button', { name: 'Forward' }).first().click();
    const forward = admin.page.getByRole('dialog', { name: 'New mail' });
    await forward.getByText('Addresses of people who use Cuadre, separated by commas').waitFor();
    await forward.getByLabel('To', { exact: true }).fill(stranger.email);
    await forward.getByText(/^invoice\.pdf · /).waitFor();
    await forward.getByRole('button', { name: 'Send' }).click();
    await forward.waitFor({ state: 'hidden' });
    await admin.page.getByText('Mail sent').waitFor();
    await admin.context.close();

    // The other owner finds it in their inbox, with the file.
    const b = await ownerPage(viewport, stranger);
    await b.page.goto('/apps/mailbox');
    await b.page.getByRole('button', { name: new RegExp(`Fwd: ${subject}`) }).click();
    await b.page.waitForURL(/mail=/);
    await b.page.getByRole('heading', { level: 2, name: `Fwd: ${subject}` }).waitFor();
    await b.page.getByRole('button', { name: 'Download invoice.pdf' }).waitFor();

    // A label made, then given to the mail.
    await b.page.getByRole('button', { name: 'Labels', exact: true }).click();
    await b.page.getByRole('menuitem', { name: 'No labels yet' }).waitFor();
    await b.page.keyboard.press('Escape');
    const mailUrl = b.page.url();
    await b.page.goto('/apps/mailbox');
    await b.page.getByRole('button', { name: 'Manage labels' }).first().click();
    const labels = b.page.getByRole('dialog', { name: 'Labels' });
    await labels.getByRole('button', { name: 'New label' }).click();
    const form = b.page.getByRole('dialog', { name: 'New label' });
    await form.getByLabel('Title').fill('Clients');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await labels.getByText('Clients', { exact: true }).waitFor();
    await labels.getByRole('button', { name: 'Close' }).click();
    await b.page.goto(mailUrl);
    await b.page.getByRole('button', { name: 'Labels', exact: true }).click();
    await b.page.getByRole('menuitem', { name: 'Clients' }).click();
    await b.page.keyboard.press('Escape');
    await b.page.getByRole('article').getByText('Clients', { exact: true }).waitFor();

    // To the trash, found there, and restored to the inbox.
    await b.page.getByRole('button', { name: 'Move to trash' }).click();
    await b.page.getByRole('button', { name: 'Restore' }).waitFor();
    await b.page.goto('/apps/mailbox?folder=trash');
    await b.page.getByRole('button', { name: new RegExp(subject) }).click();
    await b.page.getByRole('button', { name: 'Restore' }).click();
    await b.page.getByRole('button', { name: 'Move to trash' }).waitFor();
    await b.page.goto('/apps/mailbox?label=clients');
    await b.page.getByRole('button', { name: new RegExp(subject) }).waitFor();
    await b.page.goto('/apps/mailbox?folder=inbox');
    await b.page.getByRole('button', { name: new RegExp(subject) }).waitFor();
    expect(await sidewaysScroll(b.page)).toBe(0);
    expect(problemsOf(b.page)).toEqual([]);
    await b.context.close();
  }, 150_000);
});
