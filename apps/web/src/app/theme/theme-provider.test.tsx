import { act, screen } from '@testing-library/react';
import { setLanguage } from '@/i18n';
import { renderApp } from '@/test/render';
import { usePreferences, type PreferencesValue } from '@/lib/preferences';
import { AppThemeProvider } from './theme-provider';

// src/test/setup.ts stands in for the app's i18n, setLanguage included.
const setLanguageMock = vi.mocked(setLanguage);

let current: PreferencesValue;
function Probe() {
  current = usePreferences();
  return <output>{`${current.scheme} ${current.theme} ${current.layout} ${current.language}`}</output>;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.body.className = '';
});

// MUI renders slowly in jsdom on a busy machine; the default 5 s is too tight for a few clicks through menus and transitions.
describe('AppThemeProvider', { timeout: 60_000 }, () => {
  it('starts from the defaults and puts the theme and scheme classes on the page', () => {
    renderApp(
      <AppThemeProvider>
        <Probe />
      </AppThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('light theme-default classy en');
    expect(document.body).toHaveClass('theme-default');
    expect(document.documentElement).toHaveClass('light');
  });

  it("leaves MUI's theme variables and CssBaseline's globals to the static stylesheet: emotion writes neither at start", () => {
    renderApp(
      <AppThemeProvider>
        <Probe />
      </AppThemeProvider>,
    );
    act(() => current.applyPreferences({ theme: 'theme-rose', scheme: 'dark' }));
    const written = [...document.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(written).not.toContain('--mui-palette-primary-main');
    expect(written).not.toContain('-webkit-font-smoothing');
  });

  it('starts from what this device remembers, ignoring values that are not valid', () => {
    localStorage.setItem('preferences', JSON.stringify({ scheme: 'dark', theme: 'theme-rose', layout: 'sideways' }));
    renderApp(
      <AppThemeProvider>
        <Probe />
      </AppThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('dark theme-rose classy en');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('applies a change at once, swaps the classes and remembers it on this device', () => {
    renderApp(
      <AppThemeProvider>
        <Probe />
      </AppThemeProvider>,
    );
    act(() => current.applyPreferences({ theme: 'theme-teal', scheme: 'dark', layout: 'compact' }));
    expect(screen.getByRole('status')).toHaveTextContent('dark theme-teal compact en');
    expect(document.body).toHaveClass('theme-teal');
    expect(document.body).not.toHaveClass('theme-default');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(JSON.parse(localStorage.getItem('preferences')!)).toEqual({ scheme: 'dark', theme: 'theme-teal', layout: 'compact' });
  });

  it('switches the interface language through i18n, only when it changes', () => {
    renderApp(
      <AppThemeProvider>
        <Probe />
      </AppThemeProvider>,
    );
    act(() => current.applyPreferences({ language: 'en', scheme: 'light' }));
    expect(setLanguageMock).not.toHaveBeenCalled();
    act(() => current.applyPreferences({ language: 'tr' }));
    expect(setLanguageMock).toHaveBeenCalledWith('tr');
    expect(screen.getByRole('status')).toHaveTextContent('light theme-default classy tr');
  });
});
