import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderApp } from '@/test/render';
import { PreferencesContext, type PreferencesValue } from '@/lib/preferences';
import { chooseLayout, useLayoutChoice } from './layouts';

describe('chooseLayout', () => {
  it('takes the route data first, over the query parameter and the preference', () => {
    expect(chooseLayout([undefined, { layout: 'compact' }], 'dense', 'modern')).toBe('compact');
  });

  it('takes the deepest route that names a layout', () => {
    expect(chooseLayout([{ layout: 'enterprise' }, { other: true }, { layout: 'thin' }], null, undefined)).toBe('thin');
  });

  it('takes the query parameter when no route names a layout', () => {
    expect(chooseLayout([undefined, {}], 'dense', 'modern')).toBe('dense');
  });

  it("takes the user's preference when neither route nor query names one", () => {
    expect(chooseLayout([], null, 'modern')).toBe('modern');
  });

  it('falls back to classy', () => {
    expect(chooseLayout([], null, undefined)).toBe('classy');
  });

  it('skips names that are not layouts at every step', () => {
    expect(chooseLayout([{ layout: 'fancy' }], 'nope', 'centered')).toBe('centered');
    expect(chooseLayout([{ layout: 42 }], 'nope', 'bogus')).toBe('classy');
  });
});

describe('useLayoutChoice in the router', () => {
  function Probe() {
    return <output>{useLayoutChoice()}</output>;
  }
  const prefs = (layout: PreferencesValue['layout']): PreferencesValue => ({
    language: 'en',
    scheme: 'light',
    theme: 'theme-default',
    layout,
    applyPreferences: () => {},
  });

  function renderAt(url: string, layout: PreferencesValue['layout']) {
    renderApp(<Probe />, {
      path: '/',
      url,
      routes: [{ path: '/fixed', handle: { layout: 'futuristic' }, element: <Probe /> }],
      wrapper: ({ children }: { children: ReactNode }) => <PreferencesContext.Provider value={prefs(layout)}>{children}</PreferencesContext.Provider>,
    });
  }

  it.each([
    ['/fixed?layout=dense', 'modern', 'futuristic'],
    ['/?layout=dense', 'modern', 'dense'],
    ['/', 'modern', 'modern'],
    ['/?layout=unknown', 'classic', 'classic'],
  ] as const)('%s with preference %s shows %s', async (url, preference, expected) => {
    renderAt(url, preference);
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });
});
