import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppThemeProvider } from '@/app/theme/theme-provider';
import { setScreenWide } from '@/test/screen';
import { json, renderApp, testQueryClient } from '@/test/render';
import { SearchBox } from './search-box';

function setup(width: number) {
  // A phone below `md` (900 px) gets the bar, a desktop the field.
  setScreenWide(width >= 900);
  renderApp(<SearchBox />, { path: '/', url: '/', queryClient: testQueryClient({ staleTime: Infinity }), wrapper: AppThemeProvider });
}

// What is typed right after `/` must land in the field: the focus moves in the same key event,
// not a frame later (keys typed in between went to the page and were lost).
describe('search box keyboard', () => {
  it.each([
    ['desktop', 1280, '/'],
    ['desktop', 1280, 'k'],
    ['phone', 390, '/'],
  ] as const)('on a %s (%i px), %s focuses the field at once', (_name, width, key) => {
    setup(width);
    fireEvent.keyDown(document.body, { key, ctrlKey: key === 'k' });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search' }));
  });

  it('a `/` typed inside another field stays there', () => {
    setup(1280);
    const other = document.createElement('input');
    document.body.appendChild(other);
    other.focus();
    const event = fireEvent.keyDown(other, { key: '/' });
    expect(event).toBe(true);
    expect(document.activeElement).toBe(other);
    other.remove();
  });
});

describe('search results', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the contacts group first, each contact with its avatar, opening the contact's page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json([
          {
            id: 'contacts',
            label: 'Contacts',
            results: [
              {
                link: '/apps/contacts/c-1',
                title: 'Marisol Vega',
                subtitle: 'Café Luna',
                value: 'Marisol Vega',
                name: 'Marisol Vega',
                avatar: '/api/apps/contacts/avatars/a/b',
              },
            ],
          },
          { id: 'pages', label: 'Pages', results: [{ link: '/apps/contacts', title: 'Contacts (customers)' }] },
        ]),
      ),
    );
    setScreenWide(true);
    const { router } = renderApp(<SearchBox />, { path: '*', url: '/', queryClient: testQueryClient(), wrapper: AppThemeProvider });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: 'mari' } });
    const group = await screen.findByRole('group', { name: 'Contacts' }, { timeout: 3000 });
    const option = within(group).getByRole('option', { name: /Marisol Vega/ });
    expect(option.querySelector('img')).toHaveAttribute('src', '/api/apps/contacts/avatars/a/b');
    fireEvent.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/contacts/c-1'));
  });
});
