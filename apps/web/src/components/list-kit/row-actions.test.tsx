import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { DataList, ListToolbar, listColumns, type ListQuery } from './data-list';
import { useListParams, type ListConfig } from './list-params';
import { useRowActions, type RowActionsConfig } from './row-actions';
import { ACTIVE_FILTER, StatusFilter } from './status-filter';

// Each test opens dialogs and waits out their animations; on this shared 2-core machine under load that takes seconds.
vi.setConfig({ testTimeout: 60_000 });

interface Row {
  id: string;
  name: string;
  active: boolean;
}
const CONFIG: ListConfig<'name', 'active'> = { sorts: ['name'], defaultSort: 'name', defaultOrder: 'asc', filters: { active: ACTIVE_FILTER } };
const col = listColumns<Row>();
const columns = [col.accessor('name', { meta: { label: 'Name', sortKey: 'name', card: 'title' } })];
const rows: Row[] = [
  { id: 'a', name: 'Flour', active: true },
  { id: 'b', name: 'Sugar', active: false },
];
const query: ListQuery<Row> = {
  data: { items: rows, pagination: { page: 1, size: 10, total: 2, lastPage: 1 } },
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: () => {},
};

function Screen(props: Omit<RowActionsConfig<Row>, 'nameOf'>) {
  const list = useListParams(CONFIG);
  const actions = useRowActions<Row>({ nameOf: (r) => r.name, ...props });
  return (
    <>
      <ListToolbar list={list} searchLabel="Search rows" sortLabels={{ name: 'Name' }}>
        <StatusFilter list={list} />
      </ListToolbar>
      <DataList
        label="Rows"
        list={list}
        query={query}
        columns={columns}
        getRowId={(r) => r.id}
        rowActions={actions.render}
        empty={{ title: 'No rows yet' }}
        noMatch={{ title: 'No row matches' }}
      />
      {actions.confirm}
    </>
  );
}

const renderRows = (props: Omit<RowActionsConfig<Row>, 'nameOf'>, url = '/rows') => renderApp(<Screen {...props} />, { path: '/rows', url }).router;

describe('the row actions of the list kit', () => {
  beforeEach(() => setScreenWide(true));

  it('asks before deleting, calls the API only once the question is answered, and closes the question after', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onDone = vi.fn();
    renderRows({ remove: { title: 'Delete this row?', text: (r) => `${r.name} goes for good.`, run, onDone } });

    await user.click(screen.getByRole('button', { name: 'Delete Flour' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this row?' });
    expect(question).toHaveTextContent('Flour goes for good.');
    expect(run).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(run).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Sugar' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this row?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(run).toHaveBeenCalledExactlyOnceWith(rows[1]);
    // While the server answers, the question stays, its buttons off.
    expect(within(again).getByRole('button', { name: 'Delete' })).toBeDisabled();
    finish();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(rows[1]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells a failed delete to the screen and closes the question', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const failure = new Error('In use');
    renderRows({ remove: { title: 'Delete this row?', text: (r) => r.name, run: () => Promise.reject(failure), onError } });
    await user.click(screen.getByRole('button', { name: 'Delete Flour' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure, rows[0]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a row, and offers to deactivate an active row and to activate an inactive one', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const toggle = vi.fn();
    renderRows({ onEdit, activation: { isActive: (r) => r.active, toggle } });
    await user.click(screen.getByRole('button', { name: 'Edit Sugar' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
    expect(screen.queryByRole('button', { name: 'Activate Flour' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate Flour' }));
    await user.click(screen.getByRole('button', { name: 'Activate Sugar' }));
    expect(toggle.mock.calls).toEqual([[rows[0]], [rows[1]]]);
  });

  it('turns changes off on locked rows; edit becomes view where the form opens to be read', async () => {
    const remove = { title: 'Delete?', text: () => '', run: vi.fn(async () => {}) };
    const first = renderApp(<Screen onEdit={() => {}} remove={remove} activation={{ isActive: () => true, toggle: () => {} }} locked />, {
      path: '/rows',
      url: '/rows',
    });
    expect(screen.getByRole('button', { name: 'Edit Flour' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Flour' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deactivate Flour' })).toBeDisabled();
    first.unmount();

    const onEdit = vi.fn();
    renderRows({ onEdit, remove, locked: true, viewWhenLocked: true });
    await userEvent.click(screen.getByRole('button', { name: 'View Flour' }));
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
    expect(screen.getByRole('button', { name: 'Delete Flour' })).toBeDisabled();
  });
});

describe('the status filter of the list kit', () => {
  beforeEach(() => setScreenWide(true));

  it('writes all, active or inactive to the address, keeping what else is there, and starts again at page 1', async () => {
    const user = userEvent.setup();
    const router = renderRows({}, '/rows?year=2026&page=3');
    const status = screen.getByRole('combobox', { name: 'Status' });
    // No status chosen: the select shows its label only, as every other filter of the toolbar.
    expect(status).not.toHaveTextContent(/Active|Inactive/);
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    expect(router.state.location.search).toBe('?year=2026&active=false');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    expect(router.state.location.search).toBe('?year=2026&active=true');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(router.state.location.search).toBe('?year=2026');
  });

  it('reads the filter from the address', () => {
    renderRows({}, '/rows?active=false');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');
  });

  it('ignores a value it does not know in the address', () => {
    renderRows({}, '/rows?active=maybe');
    expect(screen.getByRole('combobox', { name: 'Status' })).not.toHaveTextContent(/Active|Inactive/);
  });
});
