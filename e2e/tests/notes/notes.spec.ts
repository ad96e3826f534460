import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('notes at $width px', (viewport) => {
  it('a note with a checklist and a label: ticked on its card, found under its label, archived', async () => {
    const owner = await paidOwner(`notes-${viewport.name}`, 'Nuria Paz');
    const { context, page } = await ownerPage(viewport, owner);

    // A phone shows the first areas and "12 more" for the rest.
    if (viewport.name === 'phone') await page.getByRole('navigation', { name: 'Your business' }).getByRole('button', { name: '12 more' }).click();

    await page.getByRole('navigation', { name: 'Your business' }).getByRole('link', { name: 'Notes' }).click();
    await page.waitForURL('**/apps/notes');
    await page.getByText('No notes yet').waitFor();

    // A label first.
    await page.getByRole('button', { name: 'Labels' }).click();
    const labels = page.getByRole('dialog', { name: 'Note labels' });
    await labels.getByLabel('New label').fill('Errands');
    await labels.getByRole('button', { name: 'Add' }).click();
    await labels.getByLabel('Label name').waitFor();
    await labels.getByRole('button', { name: 'Done' }).click();
    await labels.waitFor({ state: 'hidden' });

    // An empty new note is refused on Save (nothing is sent); cancelled, it leaves no note behind.
    await page.getByRole('button', { name: 'New note' }).first().click();
    const blank = page.getByRole('dialog', { name: 'New note' });
    await blank.getByRole('button', { name: 'Save' }).click();
    await blank.getByText('Write a title, some text or a checklist item: an empty note is not saved').waitFor();
    await blank.getByRole('button', { name: 'Cancel' }).click();
    await blank.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText('No notes yet').waitFor();

    // The note: a title, two checklist items, the label.
    await page.getByRole('button', { name: 'New note' }).first().click();
    const form = page.getByRole('dialog', { name: 'New note' });
    await form.getByLabel('Title', { exact: true }).fill('Market run');
    // "Add an item" puts the focus in the new item: what is typed next goes into it.
    await form.getByRole('button', { name: 'Add an item' }).click();
    await expect.poll(() => form.getByLabel('Item 1', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Eggs');
    expect(await form.getByLabel('Item 1', { exact: true }).inputValue()).toBe('Eggs');
    await form.getByRole('button', { name: 'Add an item' }).click();
    await form.getByLabel('Item 2', { exact: true }).fill('Flour');
    await form.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name: 'Errands' }).click();
    // Away from the labels (their list closes), not Escape: with the list already closed, Escape would close the dialog.
    await form.getByRole('heading', { name: 'New note' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });

    // Its card; an item ticked there is kept.
    const card = page.getByTestId('note-card').filter({ hasText: 'Market run' });
    await card.getByText('Errands').waitFor();
    await card.getByRole('checkbox', { name: 'Eggs' }).check();
    await page.reload();
    await card.getByRole('checkbox', { name: 'Eggs' }).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Eggs' }).isChecked()).toBe(true);
    expect(await card.getByRole('checkbox', { name: 'Flour' }).isChecked()).toBe(false);

    // Under its label; then archived, it leaves the notes for the archive.
    await page.getByRole('tab', { name: 'Errands' }).click();
    await card.waitFor();
    await page.getByRole('tab', { name: 'Notes' }).click();
    await card.getByRole('button', { name: 'Archive Market run' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Archive' }).click();
    await card.waitFor();

    expect(await sidewaysScroll(page)).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
