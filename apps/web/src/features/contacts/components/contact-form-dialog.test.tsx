import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@cuadre/contracts';
import { renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';
import { ContactFormDialog } from './contact-form-dialog';
import { notesToText, textToNotes } from './notes-text';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ana: Contact = {
  id: '11111111-1111-4111-8111-111111111111',
  avatar: null,
  background: null,
  name: 'Ana Ruiz',
  emails: [{ email: 'ana@example.com', label: 'work' }],
  phoneNumbers: [],
  title: '',
  company: 'Panadería Sol',
  job: { title: '', company: 'Panadería Sol' },
  birthday: '1988-04-02T12:00:00.000Z',
  address: '',
  notes: '<p>Likes <b>rye</b></p><p>Pays &lt;cash&gt;</p>',
  tags: [],
};
const COUNTRIES = [
  { id: 'c-es', iso: 'ES', name: 'Spain', code: '+34', flagImagePos: '/api/apps/contacts/flags/es.svg' },
  { id: 'c-us', iso: 'US', name: 'United States', code: '+1', flagImagePos: '/api/apps/contacts/flags/us.svg' },
];

/** A stand-in API: countries, tags, and the PATCH answered by `patch`. */
function fakeApi(patch: (body: { id: string; contact: Record<string, unknown> }) => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/apps/contacts/countries') return json(COUNTRIES);
      if (url.pathname === '/api/apps/contacts/tags') return json([{ id: 't-1', title: 'VIP' }]);
      if (url.pathname === '/api/apps/contacts/contact' && method === 'PATCH') return patch(body as never);
      if (url.pathname === '/api/apps/contacts/all') return json([]);
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'no fake' }, 404);
    }),
  );
  return sent;
}

describe('the contact form', () => {
  it('starts from the card (notes as text), adds an email and a phone with its country, and sends the merged changes', async () => {
    const sent = fakeApi((b) => json({ ...ana, ...b.contact }));
    const onClose = vi.fn();
    renderApp(<ContactFormDialog contact={ana} onClose={onClose} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ana Ruiz');
    expect(screen.getByLabelText('Notes')).toHaveValue('Likes rye\nPays <cash>');
    expect(screen.getByLabelText('Birthday')).toHaveValue('1988-04-02');

    await user.click(screen.getByRole('button', { name: 'Add an email' }));
    const emails = screen.getAllByLabelText('Email');
    await user.type(emails[1]!, 'ana.home@example.com');
    await user.click(screen.getByRole('button', { name: 'Add a phone number' }));
    const country = await screen.findByLabelText('Country');
    await waitFor(() => expect(country).toHaveValue('United States (+1)'));
    // The chosen country's flag is an image from the server (flagImagePos), not an emoji.
    const picker = country.closest('.MuiAutocomplete-root')!;
    expect(picker.querySelector('img')).toHaveAttribute('src', '/api/apps/contacts/flags/us.svg');
    await user.clear(country);
    await user.type(country, 'Spa');
    const spain = await screen.findByRole('option', { name: 'Spain (+34)' });
    expect(spain.querySelector('img')).toHaveAttribute('src', '/api/apps/contacts/flags/es.svg');
    await user.click(spain);
    await waitFor(() => expect(picker.querySelector('img')).toHaveAttribute('src', '/api/apps/contacts/flags/es.svg'));
    await user.type(screen.getByLabelText('Phone number'), '612 345 678');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = sent.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual({
      id: ana.id,
      contact: {
        name: 'Ana Ruiz',
        title: '',
        company: 'Panadería Sol',
        birthday: '1988-04-02',
        address: '',
        notes: '<p>Likes rye</p><p>Pays &lt;cash&gt;</p>',
        emails: [
          { email: 'ana@example.com', label: 'work' },
          { email: 'ana.home@example.com', label: '' },
        ],
        phoneNumbers: [{ country: 'ES', phoneNumber: '612 345 678', label: '' }],
        tags: [],
      },
    });
  });

  it("puts the server's refusal of a phone number on that field and stays open", async () => {
    fakeApi(() =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Not a valid phone number for this country',
          details: [{ path: 'contact.phoneNumbers.0.phoneNumber', message: 'Not a valid phone number for this country' }],
        },
        400,
      ),
    );
    const onClose = vi.fn();
    renderApp(<ContactFormDialog contact={{ ...ana, phoneNumbers: [{ country: 'US', phoneNumber: '12', label: '' }] }} onClose={onClose} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Contact' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a valid phone number for this country')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an empty name and a malformed email before sending', async () => {
    const sent = fakeApi((b) => json({ ...ana, ...b.contact }));
    renderApp(<ContactFormDialog contact={ana} onClose={() => undefined} />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Contact' });
    await user.clear(screen.getByLabelText(/^Name/));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
  });
});

describe('notes as text', () => {
  it('reads HTML as text without running it, and writes text back as escaped paragraphs', () => {
    expect(notesToText('<p>One</p><p>Two<br>Three</p><img src=x onerror="alert(1)">')).toBe('One\nTwo\nThree');
    expect(textToNotes('a < b\n\n"c"')).toBe('<p>a &lt; b</p><p>&quot;c&quot;</p>');
    expect(textToNotes('  \n ')).toBe('');
  });
});
