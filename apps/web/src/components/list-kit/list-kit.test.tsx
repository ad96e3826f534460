import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mui/material';
import { renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { DataList, ListToolbar, type ListQuery, listColumns } from './data-list';
import { parseListParams, toApiQuery, toSearchParams, useListParams, type ListConfig } from './list-params';

interface Row {
  id: string;
  name: string;
  cents: number;
}
const CONFIG: ListConfig<'name' | 'cents', 'kind'> = {
  sorts: ['name', 'cents'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: { kind: ['income', 'expense'] },
};
const col = listColumns<Row>();
const columns = [
  col.accessor('name', { meta: { label: 'Name', sortKey: 'name', card: 'title' } }),
  col.accessor('cents', { meta: { label: 'Amount', sortKey: 'cents', align: 'right' }, cell: (c) => `$${(c.getValue() / 100).toFixed(2)}` }),
];
const rows: Row[] = [
  { id: 'a', name: 'Coffee', cents: 350 },
  { id: 'b', name: 'Flour', cents: 1299 },
];

const setPhone = (phone: boolean) => setScreenWide(!phone);

const query = (over: Partial<ListQuery<Row>> = {}): ListQuery<Row> => ({
  data: { items: rows, pagination: { page: 1, size: 10, total: 2, lastPage: 1 } },
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

function Screen({ q, onBulk }: { q: ListQuery<Row>; onBulk?: (rows: Row[]) => void }) {
  const list = useListParams(CONFIG);
  return (
    <>
      <ListToolbar list={list} searchLabel="Search rows" sortLabels={{ name: 'Name', cents: 'Amount' }} />
      <DataList
        label="Rows"
        list={list}
        query={q}
        columns={columns}
        getRowId={(r) => r.id}
        rowActions={(r) => <Button>Edit {r.name}</Button>}
        bulkActions={onBulk ? (sel, clear) => <Button onClick={() => (onBulk(sel), clear())}>Delete selected</Button> : undefined}
        totals={{ name: '2 rows', cents: '$16.49' }}
        empty={{ title: 'No rows yet', action: <Button>Add the first row</Button> }}
        noMatch={{ title: 'No row matches' }}
      />
    </>
  );
}

function renderList(q: ListQuery<Row>, url = '/rows', onBulk?: (rows: Row[]) => void) {
  return renderApp(<Screen q={q} onBulk={onBulk} />, { path: '/rows', url }).router;
}

describe('list state in the address', () => {
  it('falls back to the defaults for anything unknown, and round-trips what it knows', () => {
    expect(parseListParams(CONFIG, new URLSearchParams('sort=password&order=up&page=-2&size=7&kind=gift'))).toEqual({
      search: '',
      sort: 'name',
      order: 'asc',
      page: 1,
      size: 10,
      filters: {},
    });
    const sp = new URLSearchParams('search=flour&kind=expense&sort=cents&order=desc&page=3&size=50');
    expect(toSearchParams(CONFIG, parseListParams(CONFIG, sp)).toString()).toBe(sp.toString());
    expect(toApiQuery(parseListParams(CONFIG, new URLSearchParams('search=%20%20')))).toEqual({
      search: undefined,
      sort: 'name',
      order: 'asc',
      page: 1,
      size: 10,
    });
  });
});

describe('the list kit', () => {
  beforeEach(() => setPhone(false));

  it('draws a table with sortable headers, row actions and a totals row; a header click sorts through the address', async () => {
    const router = renderList(query());
    const table = screen.getByRole('table', { name: 'Rows' });
    expect(within(table).getByRole('cell', { name: 'Flour' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '$16.49' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Edit Coffee' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(router.state.location.search).toBe('?sort=cents&order=asc');
    await userEvent.click(within(table).getByRole('button', { name: /Amount/ }));
    expect(router.state.location.search).toBe('?sort=cents&order=desc');
  });

  it('puts the search in the address 300 ms after the typing stops, and starts again at page 1', async () => {
    const router = renderList(query({ data: { items: rows, pagination: { page: 2, size: 10, total: 12, lastPage: 2 } } }), '/rows?page=2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search rows' }), 'flo');
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?search=flo'));
  });

  it('selects rows and hands them to a bulk action', async () => {
    const onBulk = vi.fn();
    renderList(query(), '/rows', onBulk);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row b' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(onBulk).toHaveBeenCalledWith([rows[1]]);
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('shows each row as a card on a phone, with the labels the table has as headers', () => {
    setPhone(true);
    renderList(query());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3); // two rows and the totals
    expect(within(cards[1]!).getByText('Flour')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Amount')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('$12.99')).toBeInTheDocument();
    // The totals card: the first column's total is its caption, beside the heading, not under "Name".
    const totals = within(cards[2]!);
    expect(totals.getByText('2 rows').previousElementSibling).toHaveTextContent('Total');
    expect(totals.queryByText('Name')).not.toBeInTheDocument();
    expect(totals.getByText('$16.49').previousElementSibling).toHaveTextContent('Amount');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    renderList(query({ data: undefined, isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('offers the action that fills an empty list', () => {
    renderList(query({ data: { items: [], pagination: { page: 1, size: 10, total: 0, lastPage: 1 } } }));
    expect(screen.getByText('No rows yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the first row' })).toBeInTheDocument();
  });

  it('says nothing matches when filters leave nothing, and clears them', async () => {
    const router = renderList(query({ data: { items: [], pagination: { page: 1, size: 10, total: 0, lastPage: 1 } } }), '/rows?kind=income');
    expect(screen.getByText('No row matches')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(router.state.location.search).toBe('');
  });

  it('shows a failed load with a retry', async () => {
    const q = query({ data: undefined, isError: true, error: new Error('The server said no') });
    renderList(q);
    expect(screen.getByRole('alert')).toHaveTextContent('The server said no');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalled();
  });
});
