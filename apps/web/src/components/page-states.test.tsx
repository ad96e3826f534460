import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { renderApp } from '@/test/render';
import { ApiError } from '@/lib/api';
import { allOf, EmptyState, QueryView, type QueryState } from './page-states';

const state = <T,>(over: Partial<QueryState<T>>): QueryState<T> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...over,
});

const view = (query: QueryState<string[]>) =>
  renderApp(
    <QueryView query={query} isEmpty={(items) => items.length === 0} empty={<EmptyState title="No entries yet" action={<Button>Record one</Button>} />}>
      {(items) => (
        <ul aria-label="Entries">
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </QueryView>,
  );

describe('QueryView', () => {
  it('says it is loading while the query has no answer yet', () => {
    view(state({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows a failure in the server's words, and its retry fetches again", async () => {
    const refetch = vi.fn();
    view(state({ isError: true, error: new ApiError(409, 'CONFLICT', 'The books are closed for maintenance'), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The books are closed for maintenance');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('a refresh that failed keeps what was shown, under the failure and its retry', () => {
    view(state({ isError: true, error: new ApiError(503, 'UNAVAILABLE', 'Try again in a minute'), data: ['Flour'] }));
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in a minute');
    expect(within(screen.getByRole('list', { name: 'Entries' })).getByText('Flour')).toBeInTheDocument();
  });

  it('shows the empty state with its action when the data counts as nothing', () => {
    view(state({ data: [] }));
    expect(screen.getByText('No entries yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record one' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('draws the data once there is some', () => {
    view(state({ data: ['Flour', 'Rent'] }));
    expect(
      within(screen.getByRole('list', { name: 'Entries' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Flour', 'Rent']);
    expect(screen.queryByText('No entries yet')).not.toBeInTheDocument();
  });

  it('shows what it is given while loading, instead of the spinner', () => {
    renderApp(
      <QueryView query={state<string>({ isPending: true })} loading={<p>Warming up</p>}>
        {(s) => s}
      </QueryView>,
    );
    expect(screen.getByText('Warming up')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('allOf', () => {
  const result = <T,>(over: Partial<UseQueryResult<T>>) => state<T>(over) as unknown as UseQueryResult<T>;

  it('is pending while either query is, and gives both answers side by side once both have one', () => {
    expect(allOf(result({ isPending: true }), result({ data: 2 })).isPending).toBe(true);
    const both = allOf(result({ data: 'a' }), result({ data: 2 }));
    expect(both.isPending).toBe(false);
    expect(both.data).toEqual(['a', 2]);
  });

  it("fails with the first failure's error, and its retry fetches again only the queries that failed", () => {
    const ok = result<string>({ data: 'a' });
    const failed = result<number>({ isError: true, error: new Error('plans down') });
    const both = allOf(ok, failed);
    expect(both.isError).toBe(true);
    expect(both.error).toEqual(new Error('plans down'));
    void both.refetch();
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
  });
});
