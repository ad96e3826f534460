import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { TagsDialog, type NamedTag, type TagArea } from './tags-dialog';

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => setScreenWide(true));

/** An area's tags kept here, in the words of `area` ('notes' or 'contacts'), with every call written down. */
function memoryArea(start: NamedTag[], words: Pick<TagArea, 'texts' | 'confirmLabel' | 'titleId'>) {
  let tags = [...start];
  const log: string[] = [];
  const area: TagArea<string[]> = {
    ...words,
    query: queryOptions({ queryKey: ['kit-tags'], queryFn: async () => tags }),
    create: async (title) => {
      log.push(`create ${title}`);
      tags = [...tags, { id: `t-${tags.length + 1}`, title }];
    },
    rename: async (id, title) => {
      log.push(`rename ${id} ${title}`);
      tags = tags.map((x) => (x.id === id ? { ...x, title } : x));
    },
    remove: async (id) => {
      log.push(`remove ${id}`);
      tags = tags.filter((x) => x.id !== id);
    },
    refresh: (qc) => qc.invalidateQueries({ queryKey: ['kit-tags'] }),
  };
  return { area, log };
}

describe('the shared tags dialog', () => {
  it("adds, renames, and deletes only after a question, in the area's words", async () => {
    const { area, log } = memoryArea([{ id: 't-1', title: 'Idea' }], { texts: 'notes.labels', confirmLabel: 'notes.delete', titleId: 'note-labels-title' });
    renderApp(<TagsDialog open onClose={() => undefined} area={area} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Note labels' });
    await within(dialog).findByDisplayValue('Idea');

    await user.type(within(dialog).getByLabelText('New label'), '  Later  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByDisplayValue('Later');
    expect(log).toEqual(['create Later']);
    expect(within(dialog).getByLabelText<HTMLInputElement>('New label').value).toBe('');

    const idea = within(dialog).getByDisplayValue('Idea');
    await user.clear(idea);
    await user.type(idea, 'Plan{Enter}');
    await waitFor(() => expect(log).toContain('rename t-1 Plan'));
    await within(dialog).findByRole('button', { name: 'Rename Plan' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete Later' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this label?' });
    expect(within(question).getByText('“Later” will be taken off every note that has it.')).toBeInTheDocument();
    expect(log.some((x) => x.startsWith('remove'))).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(log).toContain('remove t-2'));
    await waitFor(() => expect(within(dialog).queryByDisplayValue('Later')).toBeNull());
  });

  it('refuses an empty name, new or renamed', async () => {
    const { area, log } = memoryArea([{ id: 't-1', title: 'VIP' }], { texts: 'contacts.tags', confirmLabel: 'contacts.delete', titleId: 'contact-tags-title' });
    renderApp(<TagsDialog open onClose={() => undefined} area={area} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Contact tags' });
    const vip = await within(dialog).findByDisplayValue('VIP');

    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByLabelText('New tag'), '   {Enter}');
    expect(add).toBeDisabled();

    await user.clear(vip);
    await user.type(vip, '  {Enter}');
    expect(within(dialog).getByRole('button', { name: 'Rename VIP' })).toBeDisabled();
    expect(log).toEqual([]);
  });

  it('shows a failed call and keeps the list', async () => {
    const { area } = memoryArea([{ id: 't-1', title: 'VIP' }], { texts: 'tasks.tags', confirmLabel: 'tasks.delete', titleId: 'task-tags-title' });
    renderApp(<TagsDialog open onClose={() => undefined} area={{ ...area, create: () => Promise.reject(new Error('nope')) }} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Task tags' });
    await user.type(within(dialog).getByLabelText('New tag'), 'Urgent');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('VIP')).toBeInTheDocument();
  });
});
