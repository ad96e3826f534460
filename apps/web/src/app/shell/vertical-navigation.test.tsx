import { screen, within } from '@testing-library/react';
import type { NavigationItem } from '@cuadre/contracts';
import { HorizontalNavigation } from './horizontal-navigation';
import { renderApp } from '@/test/render';
import { VerticalNavigation } from './vertical-navigation';

// The admin menu's shape as the server sends it: Spanish titles, retitled on the client by id.
const items: NavigationItem[] = [
  { id: 'dashboard', type: 'basic', title: 'Dashboard', icon: 'heroicons_outline:chart-pie', link: '/dashboard' },
  { id: 'users', type: 'basic', title: 'Usuarios', icon: 'heroicons_outline:users', link: '/users' },
  { id: 'vehicles', type: 'basic', title: 'Vehiculos', icon: 'heroicons_outline:map', link: '/user/vehicles' },
  { id: 'mystery-report', type: 'basic', title: 'Informe misterioso', icon: 'heroicons_outline:map', link: '/user/mystery' },
];

function renderNav(ui: React.ReactNode, lang: 'en' | 'es' | 'tr', at = '/users') {
  renderApp(ui, { lang, url: at });
}

// MUI renders slowly in jsdom on a busy machine; the default 5 s is too tight for a few clicks through menus and transitions.
describe('navigation titles', { timeout: 60_000 }, () => {
  it.each([
    ['en', 'Users', 'Vehicles'],
    ['es', 'Usuarios', 'Vehículos'],
    ['tr', 'Kullanıcılar', 'Araçlar'],
  ] as const)('retitles items by id in %s', (lang, users, vehicles) => {
    renderNav(<VerticalNavigation items={items} appearance="default" />, lang);
    expect(screen.getByRole('link', { name: users })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: vehicles })).toHaveAttribute('href', '/user/vehicles');
  });

  it("keeps the server's title for an id without a translation", () => {
    renderNav(<VerticalNavigation items={items} appearance="default" />, 'en');
    expect(screen.getByRole('link', { name: 'Informe misterioso' })).toBeInTheDocument();
  });

  it('names icon-only items by their translated title', () => {
    renderNav(<VerticalNavigation items={items} appearance="thin" />, 'tr');
    expect(screen.getByRole('link', { name: 'Araçlar' })).toBeInTheDocument();
  });

  it('retitles the horizontal menu too', () => {
    renderNav(<HorizontalNavigation items={items} label="Main" />, 'es');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Vehículos' })).toBeInTheDocument();
  });
});

describe('active item', { timeout: 60_000 }, () => {
  it('marks the item of the current route, and only that one', () => {
    renderNav(<VerticalNavigation items={items} appearance="default" />, 'en', '/users');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('keeps a section active on the routes under it', () => {
    renderNav(<VerticalNavigation items={items} appearance="default" />, 'en', '/user/vehicles/42');
    expect(screen.getByRole('link', { name: 'Vehicles' })).toHaveClass('active');
  });

  it('does not take /user/dashboard for /dashboard', () => {
    renderNav(<VerticalNavigation items={items} appearance="default" />, 'en', '/user/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveClass('active');
  });
});
