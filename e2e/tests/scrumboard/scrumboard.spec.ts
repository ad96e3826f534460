import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll, steady } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

/** The titles of the cards in the list (column) named `list`, top to bottom, as the screen shows them. */
const cardsIn = (page: Page, list: string) => page.getByRole('region', { name: list, exact: true }).getByTestId('board-card-title').allTextContents();

describe.each(VIEWPORTS)('scrumboard at $width px', (viewport) => {
  it('a board made on the screen; a card dragged to another list by mouse and one moved by keyboard; the order survives a reload', async () => {
    const owner = await paidOwner(`scrumboard-${viewport.name}`, 'Marta Horno');
    const { context, page } = await ownerPage(viewport, owner);

    // The boards screen says what to do, then makes a board and opens it.
    await page.goto('/apps/scrumboard');
    await page.getByText('No boards yet').waitFor();
    await page.getByRole('button', { name: 'New board' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New board' });
    await dialog.getByLabel('Title').fill('Oven week');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/apps/scrumboard/*');
    const boardId = page.url().split('/').pop()!;

    // Two lists and cards added inline.
    for (const list of ['To do', 'Done']) {
      await page.getByRole('button', { name: 'Add a list' }).click();
      await page.getByLabel('List title').fill(list);
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: list, exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }
    const todo = page.getByRole('region', { name: 'To do', exact: true });
    await todo.getByRole('button', { name: 'Add a card' }).click();
    for (const card of ['Knead', 'Bake', 'Cool']) {
      await todo.getByLabel('Card title').fill(card);
      await page.keyboard.press('Enter');
      await todo.getByRole('button', { name: card }).waitFor();
    }
    await page.keyboard.press('Escape');
    expect(await cardsIn(page, 'To do')).toEqual(['Knead', 'Bake', 'Cool']);

    // By mouse: "Bake" dragged onto the "Done" list (on a phone, the list is brought into view first).
    const done = page.getByRole('region', { name: 'Done', exact: true });
    const from = (await todo.getByRole('button', { name: 'Bake' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
    await done.scrollIntoViewIfNeeded();
    const to = (await done.boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 12 });
    await page.mouse.move(to.x + to.width / 2, to.y + 50, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => cardsIn(page, 'Done')).toEqual(['Bake']);
    expect(await cardsIn(page, 'To do')).toEqual(['Knead', 'Cool']);

    // By keyboard: "Cool" picked up with Space, moved up one place, dropped with Space.
    await todo.scrollIntoViewIfNeeded();
    const cool = todo.getByRole('button', { name: 'Cool' });
    const knead = todo.getByRole('button', { name: 'Knead' });
    await cool.focus();
    // Each key once the board has done what the one before asked: dnd-kit measures the cards when one
    // is picked up, so the row (which snaps into place on a phone) must have stopped moving first; the
    // drop lands where the card is shown over, so the move must have been drawn.
    await steady(cool);
    await page.keyboard.press('Space');
    await expect.poll(() => cool.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await cool.boundingBox())!.y < (await knead.boundingBox())!.y).toBe(true);
    await steady(cool);
    await page.keyboard.press('Space');
    await expect.poll(() => cardsIn(page, 'To do')).toEqual(['Cool', 'Knead']);

    // The server has the same order: a reload shows it, and the API answers it.
    await expect
      .poll(async () => {
        const b = await apiCall<{ lists: { title: string; cards: { title: string }[] }[] }>(
          'GET',
          `apps/scrumboard/board?id=${boardId}`,
          undefined,
          owner.token,
        );
        return b.lists.map((l) => [l.title, l.cards.map((c) => c.title)]);
      })
      .toEqual([
        ['To do', ['Cool', 'Knead']],
        ['Done', ['Bake']],
      ]);
    await page.reload();
    await page.getByRole('region', { name: 'Done', exact: true }).getByTestId('board-card').first().waitFor();
    expect(await cardsIn(page, 'To do')).toEqual(['Cool', 'Knead']);
    expect(await cardsIn(page, 'Done')).toEqual(['Bake']);
    // The columns scroll inside their row; the page never scrolls sideways.
    expect(await sidewaysScroll(page)).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
