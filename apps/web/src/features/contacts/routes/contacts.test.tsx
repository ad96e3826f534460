import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@cuadre/contracts';
import { json, renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import Contacts from './contacts';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const card = (id: string, name: string, tags: string[] = []): Contact => ({
  id,
  avatar: null,
  background: null,
  name,
  emails: [],
  phoneNumbers: [],
  title: '',
  company: '',
  job: { title: '', company: '' },
  birthday: null,
  address: '',
  notes: '',
  tags,
});

/** A stand-in contacts API over `contacts` (sorted by name as the server sorts them). */
function fakeContacts(contacts: Contact[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const sorted = () => [...contacts].sort((a, b) => a.name.localeCompare(b.name));
      if (url.pathname === '/api/apps/contacts/all') return json(sorted());
      if (url.pathname === '/api/apps/contacts/search') {
        const q = url.searchParams.get('query')!.toLowerCase();
        return json(sorted().filter((c) => c.name.toLowerCase().includes(q)));
      }
      if (url.pathname === '/api/apps/contacts/tags') return json([{ id: 't-vip', title: 'VIP' }]);
      if (url.pathname === '/api/apps/contacts/countries') return json([]);
      if (url.pathname === '/api/apps/contacts/contact' && method === 'POST') {
        const made = card(`c-${contacts.length + 1}`, 'New Contact');
        contacts.push(made);
        return json(made);
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'no fake' }, 404);
    }),
  );
}

describe('the contacts list', () => {
  it('says what to do when there are none, and opens a new contact to be filled in that Cancel leaves unmade', async () => {
    const contacts: Contact[] = [];
    fakeContacts(contacts);
    renderApp(<Contacts />, { url: '/apps/contacts' });
    const user = userEvent.setup();
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New contact' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(contacts).toEqual([]);
  });

  it('lists by name (either way), links each to its page, and filters by tag and by a search', async () => {
    fakeContacts([card('c-1', 'Zoe', ['t-vip']), card('c-2', 'Ana'), card('c-3', 'Bruno', ['t-vip'])]);
    const { router } = renderApp(<Contacts />, { url: '/apps/contacts' });
    const user = userEvent.setup();
    await screen.findByText('Ana');
    const names = () => screen.getAllByRole('link').map((l) => l.textContent);
    expect(names()).toEqual(['Ana', 'Bruno', 'Zoe']);
    expect(screen.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/apps/contacts/c-2');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(names()).toEqual(['Zoe', 'Bruno', 'Ana']));
    await router.navigate('/apps/contacts?tag=t-vip');
    await waitFor(() => expect(names()).toEqual(['Bruno', 'Zoe']));
    await router.navigate('/apps/contacts');
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'zo');
    // The search waits for the typing to stop (300 ms) before it asks.
    await waitFor(() => expect(names()).toEqual(['Zoe']), { timeout: 3000 });
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'xx');
    expect(await screen.findByText('No contact matches', undefined, { timeout: 3000 })).toBeInTheDocument();
  });
});
