import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setScreenWide } from '@/test/screen';
import { renderApp } from '@/test/render';
import { ListsDialog } from './lists-dialog';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the categories, brands, vendors and tags', () => {
  it('deletes a tag only once the question is answered', async () => {
    let tags = [
      { id: '11111111-1111-4111-8111-111111111111', title: 'Seasonal' },
      { id: '22222222-2222-4222-8222-222222222222', title: 'Bestseller' },
    ];
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        if (url.pathname.endsWith('/tags')) return json(tags);
        if (url.pathname.endsWith('/tag') && method === 'DELETE') {
          deletes.push(url.searchParams.get('id')!);
          tags = tags.filter((x) => x.id !== url.searchParams.get('id'));
          return json(true);
        }
        if (/\/(categories|brands|vendors)$/.test(url.pathname)) return json([]);
        return json({ statusCode: 404, code: 'NOT_FOUND', message: 'no fake' }, 404);
      }),
    );
    renderApp(<ListsDialog open onClose={() => undefined} />);
    await screen.findByText('No categories yet. Add one to group your products.');
    await userEvent.click(screen.getByRole('tab', { name: 'Tags' }));
    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Seasonal', 'Bestseller']);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Seasonal' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this tag?' });
    expect(deletes).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toEqual(['11111111-1111-4111-8111-111111111111']));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Tags' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Bestseller']),
    );
  });
});
