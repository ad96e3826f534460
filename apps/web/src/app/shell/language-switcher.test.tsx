import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGES } from '@cuadre/contracts';
import { renderApp, testQueryClient } from '@/test/render';
import { LanguageSwitcher } from './language-switcher';

// MUI renders slowly in jsdom on a busy machine; the default 5 s is too tight for opening a menu.
describe('the language menu', { timeout: 60_000 }, () => {
  it.each(LANGUAGES)('names each language in its own name when the interface is in %s', async (shown) => {
    const onChange = vi.fn();
    renderApp(<LanguageSwitcher value={shown} onChange={onChange} />, { lang: shown, queryClient: testQueryClient({ staleTime: Infinity }) });
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${shown.toUpperCase()},`) }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitemradio');
    expect(items.map((item) => [item.getAttribute('lang'), item.textContent])).toEqual([
      ['en', 'English'],
      ['es', 'Español'],
      ['tr', 'Türkçe'],
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Türkçe' }));
    expect(onChange).toHaveBeenCalledTimes(shown === 'tr' ? 0 : 1);
  });
});
