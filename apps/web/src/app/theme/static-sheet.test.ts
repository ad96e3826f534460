// @vitest-environment node
// Node, as at build time: emotion renders MUI's global styles into the markup only where there is no page.
import { THEMES } from '@cuadre/contracts';
import { PALETTES } from '@/lib/palettes';
import { parseFlatRules, scopedSelector, themeDelta, themeStyleSheet, themeVariables, type Rule } from './static-sheet';

const sheet = themeStyleSheet();
/** The sheet's flat rules (CssBaseline's @media print rule left out), by selector, a selector's declarations merged in order. */
const rules = new Map<string, Map<string, string>>();
for (const r of parseFlatRules(sheet.replace(/@media[^{]*\{[^{}]*\{[^{}]*\}\s*\}/g, '').replace(/\n/g, ''))) {
  rules.set(r.selector, new Map([...(rules.get(r.selector) ?? []), ...r.declarations]));
}
const value = (selector: string, name: string) => rules.get(selector)?.get(name);
const rule = (selector: string, declarations: Record<string, string>): Rule => ({ selector, declarations: Object.entries(declarations) });

describe('the static theme stylesheet', () => {
  it('puts a theme under its class on <body>, with the scheme class on <html> or on an area inside the page', () => {
    expect(scopedSelector(':root,.light', 'theme-rose')).toBe(':root body.theme-rose,.light body.theme-rose,body.theme-rose .light');
    expect(scopedSelector('.dark', 'theme-rose')).toBe('.dark body.theme-rose,body.theme-rose .dark');
  });

  it("holds every theme's primary and secondary colours for both schemes", () => {
    for (const theme of THEMES) {
      const [light, dark] = theme === 'theme-default' ? [':root,.light', '.dark'] : [scopedSelector(':root,.light', theme), scopedSelector('.dark', theme)];
      expect(value(light, '--mui-palette-primary-main'), theme).toBe(PALETTES[theme].light.primary);
      expect(value(light, '--mui-palette-secondary-main'), theme).toBe(PALETTES[theme].light.secondary);
      expect(value(dark, '--mui-palette-primary-main'), theme).toBe(PALETTES[theme].dark.primary);
      expect(value(dark, '--mui-palette-secondary-main'), theme).toBe(PALETTES[theme].dark.secondary);
    }
  });

  it("gives each theme exactly MUI's own variables: the default theme's, overridden by that theme's rules", () => {
    for (const theme of THEMES) {
      for (const own of themeVariables(theme)) {
        // As the page has them: the default theme's rule, then the theme's own under its class.
        const effective = {
          ...Object.fromEntries(rules.get(own.selector) ?? []),
          ...Object.fromEntries(rules.get(scopedSelector(own.selector, theme)) ?? []),
        };
        expect(effective, `${theme} ${own.selector}`).toEqual(Object.fromEntries(own.declarations));
      }
    }
  });

  it("carries CssBaseline's globals with the colour scheme of each class", () => {
    expect(value('body', 'margin')).toBe('0');
    expect(value('body', 'background-color')).toBe('var(--mui-palette-background-default)');
    expect(value('html', 'box-sizing')).toBe('border-box');
    expect(value('.light', 'color-scheme')).toBe('light');
    expect(value('.dark', 'color-scheme')).toBe('dark');
    expect(sheet).toContain('@media print{body{background-color:var(--mui-palette-common-white);}}');
  });
});

describe('a theme’s differences from the default', () => {
  it('are its changed variables and every variable that reads one, through any number of steps and across rules', () => {
    const base = [rule(':root', { '--a': 'red', '--b': 'var(--a)', '--c': 'var(--b, blue)', '--d': '1px' }), rule('.dark', { '--e': 'var(--c)', '--f': 'x' })];
    const theme = [
      rule(':root', { '--a': 'teal', '--b': 'var(--a)', '--c': 'var(--b, blue)', '--d': '1px' }),
      rule('.dark', { '--e': 'var(--c)', '--f': 'x' }),
    ];
    expect(themeDelta(base, theme)).toEqual([
      [
        ['--a', 'teal'],
        ['--b', 'var(--a)'],
        ['--c', 'var(--b, blue)'],
      ],
      [['--e', 'var(--c)']],
    ]);
    expect(themeDelta(base, base)).toEqual([[], []]);
  });
});

describe('reading MUI’s variables', () => {
  it('refuses a sheet whose shape it does not know, rather than dropping part of it', () => {
    expect(() => parseFlatRules('@media (prefers-color-scheme: dark){:root{--a:1;}}')).toThrow();
    expect(() => parseFlatRules(':root{--a:1;}garbage')).toThrow(/cannot read/);
    expect(parseFlatRules(':root{--a:1;--b:a:b;}.dark{--a:2}')).toEqual([rule(':root', { '--a': '1', '--b': 'a:b' }), rule('.dark', { '--a': '2' })]);
  });
});
