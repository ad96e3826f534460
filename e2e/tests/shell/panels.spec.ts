import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, live, problemsOf } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { adminPage, ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

/** An owner on a paid plan, with their categories by name, for setting up their books through the API. */
async function bookkeeper(tag: string, name: string) {
  const owner = await paidOwner(tag, name);
  const cats = await apiCall<{ items: { id: string; name: string }[] }>('GET', 'categories', undefined, owner.token);
  return { owner, token: owner.token, cat: Object.fromEntries(cats.items.map((c) => [c.name, c.id])) };
}

describe.each(VIEWPORTS)('the shell’s panels at $width px', (viewport) => {
  it('a notification for an open past month leads to it, and closing the month clears it', async () => {
    const { owner, token, cat } = await bookkeeper(`panels-month-${viewport.name}`, 'Teresa Vidal');
    await apiCall('POST', 'entries', { type: 'income', date: '2025-03-14', amount: 12500, categoryId: cat['Sales'], paymentMethod: 'cash' }, token);
    const { context, page } = await ownerPage(viewport, owner);

    await page.getByRole('button', { name: /^Notifications \d+$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Close March 2025?', exact: true }).click();
    await page.waitForURL('**/user/monthdashboard?year=2025&month=3');
    // Closing asks first (issue 44).
    await page.getByRole('button', { name: 'Close month', exact: true }).click();
    await page.getByRole('dialog', { name: 'Close March 2025?' }).getByRole('button', { name: 'Close month' }).click();
    await page.getByText('March 2025 is closed.').waitFor();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('list').or(page.getByText('No notifications')).first().waitFor();
    // The panel may show what it had read before the closing while it reads again: wait for that read.
    await page.getByRole('button', { name: 'Close March 2025?', exact: true }).waitFor({ state: 'detached' });
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('a support request is answered by an administrator and the answer arrives as a message', async () => {
    const { owner } = await bookkeeper(`panels-support-${viewport.name}`, 'Ramón Gil');
    const { context, page } = await ownerPage(viewport, owner);
    await page.goto('/user/help-center/support');
    const subject = `Receipts question ${viewport.name}`;
    await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
    await page.getByRole('textbox', { name: /^Message/ }).fill('Can I attach two receipts to one entry?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sent. We will answer here, in your messages and by mail.').waitFor();
    await page.getByText(subject).waitFor();
    await live(page);

    // The administrator answers from the support list, in another browser.
    const adminSide = await adminPage(viewport);
    await adminSide.page.goto(`/support-requests?search=${encodeURIComponent(subject)}`);
    await adminSide.page.getByRole('button', { name: 'Answer' }).first().click();
    await adminSide.page.getByLabel(/^Your answer/).fill('Yes: attach as many as you need.');
    await adminSide.page.getByRole('button', { name: 'Send the answer' }).click();
    await adminSide.page.getByRole('dialog').waitFor({ state: 'detached' });
    await adminSide.context.close();

    // The owner's open tab learns of it without a reload.
    await page.getByRole('button', { name: 'Messages 1' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Messages 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Messages' });
    await panel.getByText(`Re: ${subject}`).waitFor();
    await panel.getByText('Yes: attach as many as you need.').waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('search finds a worker and an entry and opens them', async () => {
    const { owner, token, cat } = await bookkeeper(`panels-search-${viewport.name}`, 'Inés Mora');
    await apiCall('POST', 'workers', { name: 'Gregorio Albañil', kind: 'contractor' }, token);
    await apiCall(
      'POST',
      'entries',
      { type: 'expense', date: '2025-06-09', amount: 3275, categoryId: cat['Office expenses'], paymentMethod: 'card', description: 'Tinta impresora' },
      token,
    );
    const { context, page } = await ownerPage(viewport, owner);

    // The top bar is there (its keyboard shortcuts with it).
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('gregorio');
    await page.getByRole('option', { name: /Gregorio Albañil/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/workers\?search=Gregorio/);
    await page.getByText('Gregorio Albañil').first().waitFor();

    await page.keyboard.press('Control+k');
    await page.keyboard.type('tinta');
    await page.getByRole('option', { name: /Tinta impresora/ }).click();
    await page.waitForURL(/\/user\/dailyoperationalexpenses\?year=2025&month=6&search=Tinta/);
    await page.getByText('Tinta impresora').first().waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('shortcuts are added, edited and removed', async () => {
    const { owner } = await bookkeeper(`panels-shortcuts-${viewport.name}`, 'Pablo Ros');
    const { context, page } = await ownerPage(viewport, owner);
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    const panel = page.getByRole('dialog', { name: 'Shortcuts' });
    await panel.getByRole('button', { name: "Record today's income" }).waitFor();

    await panel.getByRole('button', { name: 'Enter edit mode' }).click();
    await panel.getByRole('button', { name: 'Add shortcut' }).click();
    await panel.getByLabel(/^Label/).fill('Annual total');
    await panel.getByLabel(/^Link/).fill('/user/annualtotal');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await panel.getByRole('button', { name: 'Edit Annual total' }).click();
    await panel.getByLabel(/^Label/).fill('Taxes of the year');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByRole('button', { name: 'Edit Taxes of the year' }).click();
    await panel.getByRole('button', { name: 'Delete' }).click();
    await panel.getByRole('button', { name: 'Exit edit mode' }).click();
    // Gone once the deletion is saved (the panel answers when the server has).
    await panel.getByRole('button', { name: 'Taxes of the year' }).waitFor({ state: 'detached' });

    // A shortcut opens its page.
    await panel.getByRole('button', { name: 'Log a trip' }).click();
    await page.waitForURL('**/user/monthlymileage');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
