import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, live, navigateInApp, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { adminPage, ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('chat at $width px', (viewport) => {
  it('an owner writes to support; an administrator in another browser answers; each sees the other without a reload', async () => {
    const owner = await paidOwner(`chat-${viewport.name}`, `Rosa Chat ${viewport.name}`);
    const ownerSide = await ownerPage(viewport, owner);
    const { page } = ownerSide;

    // Reached from the shortcuts.
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Shortcuts' }).getByRole('button', { name: 'Chat with support' }).click();
    await page.waitForURL('**/apps/chat');
    await page.getByText('No chats yet').waitFor();

    // A new chat with support, and the first message sent with Enter.
    await page.getByRole('button', { name: 'New chat' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Start a chat' });
    await dialog.getByRole('button').filter({ hasText: 'Cuadre support' }).first().click();
    await page.waitForURL(/\/apps\/chat\/[0-9a-f-]{36}$/);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Hello, I cannot close March.');
    await composer.press('Enter');
    const ownerLog = page.getByRole('log');
    await ownerLog.getByText('Hello, I cannot close March.').waitFor();
    expect(await composer.inputValue()).toBe('');

    // The owner's page hears of the answer through its live channel.
    await live(page);

    // The administrator, in another browser, finds the chat with its unread count.
    const admin = await adminPage(viewport);
    await admin.page.goto('/apps/chat');
    const row = admin.page.getByRole('main').getByRole('button').filter({ hasText: owner.name });
    await row.getByLabel('1 unread message').waitFor();
    await live(admin.page);

    // A second message arrives in the administrator's list without a reload.
    await composer.fill('It says the month is locked.');
    await composer.press('Enter');
    await row.getByLabel('2 unread messages').waitFor();

    // Opened, read, and answered on two lines (Shift+Enter), sent with Enter.
    await row.click();
    const adminLog = admin.page.getByRole('log');
    await adminLog.getByText('It says the month is locked.').waitFor();
    const answer = admin.page.getByRole('textbox', { name: 'Message' });
    await answer.click();
    await answer.pressSequentially('Reopen February first.');
    await answer.press('Shift+Enter');
    await answer.pressSequentially('Then close March.');
    expect(await answer.inputValue()).toBe('Reopen February first.\nThen close March.');
    await answer.press('Enter');
    await adminLog.getByText(/Reopen February first\.\s+Then close March\./).waitFor();

    // The owner's open chat shows the answer without a reload, grouped under today with its HH:mm time.
    await ownerLog.getByText(/Reopen February first\.\s+Then close March\./).waitFor();
    await ownerLog.getByRole('heading', { name: 'Today' }).waitFor();
    expect(await ownerLog.locator('time').last().textContent()).toMatch(/^\d{2}:\d{2}$/);

    // The contact's panel names support.
    await page.getByRole('button', { name: 'Contact info' }).last().click();
    const info = page.getByRole('complementary', { name: 'Contact info' });
    await info.getByText('Cuadre support: write to us here.').waitFor();
    await info.getByRole('button', { name: 'Close contact info' }).click();

    // On a wide screen (1440 px and more), the quick chat at the right edge: a chat chosen there opens beside any page, and what is sent there arrives.
    if (viewport.width >= 1200) {
      await page.setViewportSize({ width: 1440, height: viewport.height });
      await navigateInApp(page, '/user/help-center');
      await page.getByRole('heading', { level: 1, name: 'Help center' }).waitFor();
      const quick = page.getByRole('complementary', { name: 'Quick chat' });
      await quick.getByRole('button', { name: /^Open the quick chat/ }).click();
      await quick.getByRole('listitem').first().getByRole('button').click();
      await quick
        .getByRole('log')
        .getByText(/Then close March\./)
        .waitFor();
      const quickComposer = quick.getByRole('textbox', { name: 'Message' });
      await quickComposer.fill('Done, thank you!');
      await quickComposer.press('Enter');
      await adminLog.getByText('Done, thank you!').waitFor();
      await page.keyboard.press('Escape');
      await quick.getByRole('log').waitFor({ state: 'detached' });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    }

    // On a phone one pane at a time: the way back to the list.
    if (viewport.width < 600) {
      await page.getByRole('button', { name: 'All chats' }).click();
      await page.waitForURL('**/apps/chat');
      await page.getByRole('button').filter({ hasText: 'Reopen February first.' }).waitFor();
    }

    expect(await sidewaysScroll(page)).toBe(0);
    expect(await sidewaysScroll(admin.page)).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(admin.page)).toEqual([]);
    await admin.context.close();
    await ownerSide.context.close();
  }, 120_000);
});
