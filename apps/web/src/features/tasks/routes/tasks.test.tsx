import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from '@cuadre/contracts';
import { json, renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import Tasks from './tasks';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const task = (id: string, title: string, order: number, type: Task['type'] = 'task'): Task => ({
  id,
  type,
  title,
  notes: '',
  completed: false,
  dueDate: null,
  priority: 1,
  tags: [],
  assignedTo: null,
  subTasks: [],
  order,
});

/** A fake server with three tasks; it keeps the order it is sent and answers the list in it. */
function fakeServer() {
  let list = [task('s-1', 'Today', 0, 'section'), task('t-1', 'Bake bread', 1), task('t-2', 'Buy flour', 2)];
  const orders: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/apps/tasks/all') return json(list);
      if (url.pathname === '/api/apps/tasks/tags') return json([]);
      if (url.pathname === '/api/apps/tasks/order' && method === 'PATCH') {
        const ids = (JSON.parse(String(init!.body)) as { tasks: { id: string }[] }).tasks.map((x) => x.id);
        orders.push(ids);
        list = ids.map((id, order) => ({ ...list.find((x) => x.id === id)!, order }));
        return json(list);
      }
      return json([]);
    }),
  );
  return { orders };
}

const titles = () => screen.getAllByTestId('task-row').map((row) => within(row).getByRole('link').textContent);

describe('the tasks list', () => {
  it('moves a task with Alt+ArrowUp and from its menu, sending the whole order in one call each time', async () => {
    const { orders } = fakeServer();
    renderApp(<Tasks />, { path: '/apps/tasks', url: '/apps/tasks' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Buy flour' });
    expect(titles()).toEqual(['Today', 'Bake bread', 'Buy flour']);

    screen.getByRole('button', { name: 'Move Buy flour' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(titles()).toEqual(['Today', 'Buy flour', 'Bake bread']));
    await waitFor(() => expect(orders).toEqual([['s-1', 't-2', 't-1']]));
    // The moved task keeps the focus, and the move is said.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Buy flour' }));
    expect(screen.getByText('Buy flour moved to position 2 of 3.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More for Today' }));
    await user.click(await screen.findByRole('menuitem', { name: /Move down/ }));
    await waitFor(() => expect(titles()).toEqual(['Buy flour', 'Today', 'Bake bread']));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]).toEqual(['t-2', 's-1', 't-1']);
  });
});
