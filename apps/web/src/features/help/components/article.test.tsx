import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { Article } from './article';

const HTML =
  '<p>Open <a href="/user/monthlymileage?year=2026&amp;month=5">Mileage</a>, read ' +
  '<a href="/user/help-center/guides/mileage/vehicles">Your vehicles</a>, or see <a href="https://www.irs.gov/">the IRS</a>.</p>' +
  '<p>&lt;img src=x onerror=alert(1)&gt;</p>';

function setup() {
  return renderApp(<Article html={HTML} />, {
    path: '/guide',
    url: '/guide',
    routes: [
      { path: '/user/monthlymileage', element: <p>mileage screen</p> },
      { path: '/user/help-center/guides/:category/:guide', element: <p>another guide</p> },
    ],
  }).router;
}

/**
 * Clicks, and answers whether the article kept the browser from following the link (a full page
 * load). Whatever it decided, the browser's own navigation is stopped after it, at the document,
 * as jsdom cannot load another page.
 */
function clickPrevented(link: HTMLElement, init?: MouseEventInit) {
  let prevented: boolean | undefined;
  const record = (e: Event) => {
    prevented = e.defaultPrevented;
    e.preventDefault();
  };
  document.addEventListener('click', record);
  fireEvent.click(link, init);
  document.removeEventListener('click', record);
  return prevented;
}

describe('a help article', () => {
  it('opens a link to a screen through the router, query string and all, without reloading the page', () => {
    const router = setup();
    expect(clickPrevented(screen.getByRole('link', { name: 'Mileage' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/user/monthlymileage');
    expect(router.state.location.search).toBe('?year=2026&month=5');
    expect(screen.getByText('mileage screen')).toBeInTheDocument();
  });

  it('opens a link to another guide the same way', () => {
    const router = setup();
    expect(clickPrevented(screen.getByRole('link', { name: 'Your vehicles' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/user/help-center/guides/mileage/vehicles');
  });

  it('leaves a link elsewhere, or a click meant for a new tab, to the browser', () => {
    const router = setup();
    expect(clickPrevented(screen.getByRole('link', { name: 'the IRS' }))).toBe(false);
    expect(clickPrevented(screen.getByRole('link', { name: 'Mileage' }), { ctrlKey: true })).toBe(false);
    expect(clickPrevented(screen.getByRole('link', { name: 'Mileage' }), { button: 1 })).toBe(false);
    expect(router.state.location.pathname).toBe('/guide');
  });

  it('shows escaped text as text, never as markup', () => {
    setup();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
