import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

/** The tasks' titles as the list shows them, top to bottom. */
const order = (page: Page) => page.getByTestId('task-row').evaluateAll((rows) => rows.map((r) => r.querySelector('a')?.textContent ?? ''));

describe.each(VIEWPORTS)('tasks at $width px', (viewport) => {
  it('a task made, reordered by keyboard (Alt+arrow and the handle) and found by both searches', async () => {
    const owner = await paidOwner(`tasks-${viewport.name}`, 'Tomás Ruiz');
    const { context, page } = await ownerPage(viewport, owner);

    // From the books hub to an empty list that says what to do.
    // A phone shows the first areas and "12 more" for the rest.
    if (viewport.name === 'phone') await page.getByRole('navigation', { name: 'Your business' }).getByRole('button', { name: '12 more' }).click();
    await page.getByRole('navigation', { name: 'Your business' }).getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL('**/apps/tasks');
    await page.getByText('No tasks yet').waitFor();

    // "Add task" opens the form of a new one; closed without saving, twice, it leaves no task behind.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('link', { name: 'Add task' }).first().click();
      await page.waitForURL('**/apps/tasks/new?type=task');
      await page.getByRole('heading', { name: 'New task' }).waitFor();
      if (viewport.name === 'phone') await page.getByRole('link', { name: 'All tasks' }).click();
      else await page.getByRole('link', { name: 'Close' }).click();
      await page.waitForURL('**/apps/tasks');
    }
    await page.getByText('No tasks yet').waitFor();
    await page.getByText('0 tasks left to do').waitFor();
    // Saving one without a title is refused before anything is sent.
    await page.getByRole('link', { name: 'Add task' }).first().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').waitFor();
    await page.goto('/apps/tasks');
    await page.getByText('No tasks yet').waitFor();

    // Two tasks, each named in the form of a new one (beside the list, or its own page on a phone), made when saved.
    for (const title of ['Order more flour', 'Pay the <b>rent</b>']) {
      await page.getByRole('link', { name: 'Add task' }).first().click();
      await page.waitForURL('**/apps/tasks/new?type=task');
      // The new task's own form: empty, where the one before held its title.
      await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('');
      await page.getByLabel(/^Title/).fill(title);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((url) => /\/apps\/tasks\/[0-9a-f-]{36}$/.test(url.pathname));
      await page.getByText('Saved').waitFor();
      if (viewport.name === 'phone') {
        await page.getByRole('link', { name: 'All tasks' }).click();
        await page.waitForURL('**/apps/tasks');
      }
    }
    // The newest is first; the title with markup reads as text.
    await expect.poll(() => order(page)).toEqual(['Pay the <b>rent</b>', 'Order more flour']);

    // Alt+ArrowDown on a row moves it down; the order is saved.
    await page.getByRole('button', { name: 'Move Pay the <b>rent</b>' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => order(page)).toEqual(['Order more flour', 'Pay the <b>rent</b>']);
    await page.getByText(/moved to position 2 of 2/).waitFor({ state: 'attached' });

    // The handle by keyboard: Space picks up, an arrow moves, Space drops.
    const handle = page.getByRole('button', { name: 'Move Pay the <b>rent</b>' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.getByText(/ is over position 1 of 2\.$/).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => order(page)).toEqual(['Pay the <b>rent</b>', 'Order more flour']);
    // Kept by the server.
    await page.reload();
    await page.getByTestId('task-row').first().waitFor();
    await expect.poll(() => order(page)).toEqual(['Pay the <b>rent</b>', 'Order more flour']);

    // The page's search: the match marked, the title's markup shown as text.
    await page.getByLabel('Search tasks').fill('rent');
    const found = page.getByRole('list', { name: 'Tasks found' });
    await found.getByRole('link', { name: 'Pay the <b>rent</b>' }).waitFor();
    expect(await found.locator('mark').allTextContents()).toEqual(['rent']);
    expect(await found.locator('b').count()).toBe(0);
    await page.getByLabel('Search tasks').fill('');

    // The shell's search has a tasks group that opens the task.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('flour');
    await page.getByRole('option', { name: /Order more flour/ }).click();
    await page.waitForURL(/\/apps\/tasks\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Order more flour');

    expect(await sidewaysScroll(page)).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
