import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { TagsDialog } from '@/components/tags-dialog';
import { contactTagArea } from '../api/contacts-api';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

describe("the contacts' tags dialog", () => {
  it('adds, renames, and deletes a tag only after a question', async () => {
    let tags = [{ id: 't-1', title: 'VIP' }];
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { id?: string; tag?: { title: string } }) : undefined;
        sent.push({ method, path: url.pathname + url.search, body });
        if (url.pathname !== '/api/apps/contacts/tag' && url.pathname !== '/api/apps/contacts/tags') return json([]);
        if (method === 'GET') return json(tags);
        if (method === 'POST') {
          const made = { id: `t-${tags.length + 1}`, title: body!.tag!.title };
          tags = [...tags, made];
          return json(made);
        }
        if (method === 'PATCH') {
          tags = tags.map((x) => (x.id === body!.id ? { ...x, title: body!.tag!.title } : x));
          return json(tags.find((x) => x.id === body!.id));
        }
        tags = tags.filter((x) => x.id !== url.searchParams.get('id'));
        return json(true);
      }),
    );
    renderApp(<TagsDialog open onClose={() => undefined} area={contactTagArea} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Contact tags' });
    await within(dialog).findByDisplayValue('VIP');

    await user.type(within(dialog).getByLabelText('New tag'), 'Wholesale');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByDisplayValue('Wholesale');

    const vip = within(dialog).getByDisplayValue('VIP');
    await user.clear(vip);
    await user.type(vip, 'Best');
    await user.click(within(dialog).getByRole('button', { name: 'Rename VIP' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ id: 't-1', tag: { title: 'Best' } });

    await user.click(within(dialog).getByRole('button', { name: 'Delete Wholesale' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this tag?' });
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/apps/contacts/tag?id=t-2')).toBe(true));
    await waitFor(() => expect(within(dialog).queryByDisplayValue('Wholesale')).toBeNull());
  });
});
