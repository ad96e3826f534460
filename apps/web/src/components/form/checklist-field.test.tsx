import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderApp } from '@/test/render';
import { ChecklistField, type ChecklistTexts } from './checklist-field';

vi.setConfig({ testTimeout: 60_000 });

interface Values {
  subTasks: { id?: string; title: string; completed: boolean }[];
}

const texts: ChecklistTexts = {
  legend: 'tasks.fields.subTasks',
  item: 'tasks.fields.subTask',
  done: 'tasks.fields.subTaskDone',
  remove: 'tasks.fields.removeSubTask',
  add: 'tasks.fields.addSubTask',
};

/** A form with a task's subtasks; its button hands the values over. */
function Harness({ start, onSave }: { start: Values['subTasks']; onSave: (v: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { subTasks: start } });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <ChecklistField control={form.control} name="subTasks" textKey="title" texts={texts} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the checklist field', () => {
  it('adds, ticks, renames and removes items, by mouse and by keyboard, keeping the ids it was given', async () => {
    let saved: Values | undefined;
    renderApp(<Harness start={[{ id: 's-1', title: 'Call', completed: false }]} onSave={(v) => (saved = v)} />);
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Subtasks' });

    await user.click(within(group).getByRole('button', { name: 'Add subtask' }));
    const second = within(group).getByLabelText('Subtask 2');
    // The new item takes the focus: what is typed goes into it.
    await waitFor(() => expect(second).toHaveFocus());
    await user.keyboard('Write');
    expect(second).toHaveValue('Write');
    await user.click(within(group).getByRole('checkbox', { name: 'Subtask 1 done' }));

    const first = within(group).getByLabelText('Subtask 1');
    await user.clear(first);
    await user.type(first, 'Call back');
    // Keyboard: from the first text field, the remove button, then the second item's box; space ticks it.
    await user.tab();
    expect(within(group).getByRole('button', { name: 'Remove subtask 1' })).toHaveFocus();
    await user.tab();
    expect(within(group).getByRole('checkbox', { name: 'Subtask 2 done' })).toHaveFocus();
    await user.keyboard(' ');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved?.subTasks).toEqual([
      { id: 's-1', title: 'Call back', completed: true },
      { title: 'Write', completed: true },
    ]);

    await user.click(within(group).getByRole('button', { name: 'Remove subtask 1' }));
    expect(within(group).getByLabelText('Subtask 1')).toHaveValue('Write');
    expect(within(group).queryByLabelText('Subtask 2')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved?.subTasks).toEqual([{ title: 'Write', completed: true }]);
  });
});
