import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousFindings, type Finding } from '../../fixtures/a11y';
import { VIEWPORTS, closeBrowser, navigateInApp, newPage, problemsOf, settle, sidewaysScroll } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { adminPage, ownerPage, paidOwner } from '../../fixtures/owners';
import { inject } from 'vitest';

/** A 1×1 PNG: a product's image. */
const PIXEL = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c636060f80f00010301000889c2ec0000000049454e44ae426082',
  'hex',
);

afterAll(closeBrowser);

/** Every screen, as each kind of visitor sees it, and the title its tab shows once it has loaded. */
const GUEST_SCREENS: [string, string][] = [
  ['/', 'Cuadre'],
  ['/sign-in', 'Sign in · Cuadre'],
  ['/sign-up', 'Create your account · Cuadre'],
  ['/forgot-password', 'Forgot your password? · Cuadre'],
  ['/reset-password?token=not-a-real-token', 'Choose a new password · Cuadre'],
  ['/confirmation-required?email=someone%40example.com', 'Check your inbox · Cuadre'],
  ['/terms', 'Terms of use · Cuadre'],
  ['/privacy', 'Privacy policy · Cuadre'],
  ['/no-such-page', 'Page not found · Cuadre'],
];
const ADMIN_SCREENS: [string, string][] = [
  ['/dashboard', 'Dashboard · Cuadre'],
  ['/users', 'Users · Cuadre'],
  ['/categories', 'Categories · Cuadre'],
  ['/categories?tab=rates', 'Categories · Cuadre'],
  ['/categories?tab=tax-rules', 'Categories · Cuadre'],
  ['/subcategories', 'Subcategories · Cuadre'],
  ['/support-requests', 'Support requests · Cuadre'],
  ['/user/dashboard', 'User dashboard · Cuadre'],
  ['/user/dailyincome', 'Daily income · Cuadre'],
  ['/usersettings', 'Settings · Cuadre'],
  ['/apps/chat', 'Chat · Cuadre'],
  ['/dashboards/analytics', 'Analytics · Cuadre'],
  ['/not-built-yet', 'Page not found · Cuadre'],
];
const OWNER_SCREENS: [string, string][] = [
  ['/user/dashboard', 'User dashboard · Cuadre'],
  ['/user/workers', 'Workers · Cuadre'],
  ['/user/providers', 'Providers · Cuadre'],
  ['/user/vehicles', 'Vehicles · Cuadre'],
  ['/user/purchasedproducts', 'Purchased products · Cuadre'],
  ['/user/dailyincome', 'Daily income · Cuadre'],
  ['/user/dailyincomeregister', 'Income register · Cuadre'],
  ['/user/dailyoperationalexpenses', 'Operational expenses · Cuadre'],
  ['/user/operationalexpenses', 'Expenses by category · Cuadre'],
  ['/user/dailyusersubcategory', 'My subcategories · Cuadre'],
  ['/user/dailypurchasedproducts', 'Purchases · Cuadre'],
  ['/user/dailyworkerspayments', 'Worker payments · Cuadre'],
  ['/user/workerspayment', 'Totals per worker · Cuadre'],
  ['/user/dailysupplierspayments', 'Supplier payments · Cuadre'],
  ['/user/monthlymileage', 'Mileage · Cuadre'],
  ['/user/import', 'Import a bank statement · Cuadre'],
  ['/user/taxyears', 'Tax years · Cuadre'],
  ['/user/taxmonths', 'Months · Cuadre'],
  ['/user/monthdashboard', 'Month summary · Cuadre'],
  ['/user/profitsandlossesmonth', 'Profit and loss · month · Cuadre'],
  ['/user/profitsandlossesyear', 'Profit and loss · year · Cuadre'],
  ['/user/annualtotal', 'Annual total · Cuadre'],
  ['/user/pricing', 'Pricing · Cuadre'],
  ['/user/help-center', 'Help center · Cuadre'],
  ['/user/help-center/faqs', 'Frequently asked questions · Cuadre'],
  ['/user/help-center/guides/mileage/standard-rate', 'Guide · Cuadre'],
  ['/user/help-center/support', 'Contact support · Cuadre'],
  ['/usersettings', 'Settings · Cuadre'],
  ['/apps/ecommerce/inventory', 'Inventory · Cuadre'],
  ['/apps/file-manager', 'Documents · Cuadre'],
  ['/apps/file-manager?folderId=receipts', 'Documents · Cuadre'],
  ['/ui/icons', 'Icons · Cuadre'],
  ['/apps/contacts', 'Contacts · Cuadre'],
  ['/apps/chat', 'Chat · Cuadre'],
  ['/apps/notes', 'Notes · Cuadre'],
  ['/apps/tasks', 'Tasks · Cuadre'],
  ['/apps/mailbox', 'Mailbox · Cuadre'],
  ['/apps/mailbox?folder=sent', 'Mailbox · Cuadre'],
  ['/dashboards/analytics', 'Analytics · Cuadre'],
  ['/dashboards/crypto', 'Crypto · Cuadre'],
  ['/pages/activities', 'Activities · Cuadre'],
  ['/dashboards/finance', 'Finance · Cuadre'],
  ['/dashboards/project', 'Project · Cuadre'],
  ['/user/budgets', 'Budgets · Cuadre'],
  ['/user/recurring', 'Recurring entries · Cuadre'],
  ['/apps/scrumboard', 'Scrumboard · Cuadre'],
];

async function audit(page: Page, screens: [string, string][], found: Record<string, Finding[]>) {
  for (const [i, [path, title]] of screens.entries()) {
    // The first screen is loaded; the others are opened inside the app, as its links open them (loading
    // the whole app again for each screen was most of this test's time).
    if (i === 0) await page.goto(path);
    else await navigateInApp(page, path);
    await page.waitForFunction(([t, p]) => document.title === t && location.pathname + location.search === p, [title, path] as const);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(page);
    const findings = await seriousFindings(page);
    // A page that scrolls sideways hides part of itself on a phone: counted as a finding too.
    const sideways = await sidewaysScroll(page);
    if (sideways > 0)
      findings.push({ id: 'horizontal-overflow', impact: 'serious', help: `the page is ${sideways} px wider than the screen`, targets: [], html: [] });
    if (findings.length) found[path] = findings;
  }
}

describe.each(VIEWPORTS)('accessibility at $width px (axe-core: no serious or critical finding)', (viewport) => {
  it('every screen a visitor, an administrator and an owner can open, with the user menu open too', async () => {
    const found: Record<string, Finding[]> = {};

    const guest = await newPage(viewport);
    await audit(guest.page, GUEST_SCREENS, found);
    await guest.context.close();

    const admin = await adminPage(viewport, { colorScheme: 'dark' });
    await audit(admin.page, ADMIN_SCREENS, found);
    // The user menu, open.
    await admin.page.getByRole('button', { name: /^Account menu/ }).click();
    await admin.page.getByRole('menu').waitFor();
    // Audited once its opening animation is over (a half-faded menu has half its contrast).
    await admin.page.waitForFunction(() => Array.from(document.querySelectorAll('.MuiMenu-paper')).every((el) => getComputedStyle(el).opacity === '1'));
    const menu = await seriousFindings(admin.page);
    if (menu.length) found['user menu'] = menu;
    await admin.context.close();

    const owner = await paidOwner(`a11y-${viewport.name}`, 'Ada Lovelace');
    // A contact's page needs a contact: one made through the API, as the list's button would.
    const contact = await apiCall<{ id: string }>('POST', 'apps/contacts/contact', undefined, owner.token);
    // With a phone number, so its flag image is audited too.
    await apiCall(
      'PATCH',
      'apps/contacts/contact',
      { id: contact.id, contact: { phoneNumbers: [{ country: 'ES', phoneNumber: '612 345 678', label: 'mobile' }] } },
      owner.token,
    );
    // And a product with an image, so the inventory list's thumbnail is audited.
    const product = await apiCall<{ id: string }>('POST', 'apps/ecommerce/inventory/product', undefined, owner.token);
    const form = new FormData();
    form.append('id', product.id);
    form.append('image', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
    const uploaded = await fetch(`${inject('baseURL')}/api/apps/ecommerce/inventory/product/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    // A conversation needs a chat: the owner's first message to support, as the chat's composer sends it.
    const [support] = await apiCall<{ id: string }[]>('GET', 'apps/chat/contacts', undefined, owner.token);
    const sent = await apiCall<{ chat: { id: string } }>('POST', 'apps/chat/message', { contactId: support!.id, value: 'Hello' }, owner.token);
    // A task's page needs a task, made the same way.
    const task = await apiCall<{ id: string }>('POST', 'apps/tasks/task', { type: 'task' }, owner.token);
    // A board with a list and a labelled card with a due date, so the board's columns are audited.
    const board = await apiCall<{ id: string }>('POST', 'apps/scrumboard/board', { board: { title: 'Week' } }, owner.token);
    const list = await apiCall<{ id: string }>('POST', 'apps/scrumboard/board/list', { list: { boardId: board.id, title: 'To do' } }, owner.token);
    const label = await apiCall<{ id: string }>('PUT', 'apps/scrumboard/board/label', { label: { boardId: board.id, title: 'Urgent' } }, owner.token);
    await apiCall('PUT', 'apps/scrumboard/board/card', { card: { listId: list.id, title: 'Flour', labels: [label.id], dueDate: '2026-12-01' } }, owner.token);
    const ownerSide = await ownerPage(viewport, owner);
    await audit(
      ownerSide.page,
      [
        ...OWNER_SCREENS,
        [`/apps/contacts/${contact.id}`, 'Contact · Cuadre'],
        [`/apps/chat/${sent.chat.id}`, 'Chat · Cuadre'],
        [`/apps/tasks/${task.id}`, 'Tasks · Cuadre'],
        [`/apps/scrumboard/${board.id}`, 'Scrumboard · Cuadre'],
      ],
      found,
    );
    expect(problemsOf(ownerSide.page)).toEqual([]);
    await ownerSide.context.close();

    if (process.env.A11Y_DEBUG) console.log(JSON.stringify(found, null, 1));
    expect(found).toEqual({});
    // Some forty screens, each loaded and audited: longer than one screen's test.
  }, 240_000);
});
