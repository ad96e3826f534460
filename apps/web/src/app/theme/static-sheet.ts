import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { THEMES, type Theme } from '@cuadre/contracts';
import { createAppTheme } from './create-app-theme';

/*
 * The CSS that MUI would put in the page at run time, made once at build time (theme-css-plugin.ts, issue
 * 30): the CSS-variables stylesheet of every theme in both schemes, and CssBaseline's globals. Both are
 * taken from what MUI itself renders with the app's own themes (createAppTheme), so they cannot drift from
 * it; nothing here restates a colour or a rule. Runs in Node only: without a `document`, emotion renders
 * its global styles as <style> tags in the markup instead of inserting them into a page.
 */

export interface Rule {
  selector: string;
  declarations: [name: string, value: string][];
}

/** The text of the <style> tags emotion renders for `element` in Node, in order. */
function renderedStyles(element: ReactElement): string[] {
  if (typeof document !== 'undefined') throw new Error('static-sheet: run in Node, where emotion renders its styles into the markup');
  const markup = renderToStaticMarkup(element);
  return [...markup.matchAll(/<style data-emotion="[^"]*">([^<]*)<\/style>/g)].map((m) => m[1]!);
}

/**
 * Flat `selector{name:value;…}` rules, as emotion writes them for MUI's variables. Anything else (an
 * at-rule, nesting) throws: a MUI upgrade that changes the sheet's shape must stop the build, not slip by.
 */
export function parseFlatRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const re = /([^{}]+)\{([^{}]*)\}/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(css))) {
    const selector = m[1]!;
    if (selector.includes('@')) throw new Error(`static-sheet: an at-rule in MUI's variables (${selector}); the sheet's shape changed`);
    const declarations = m[2]!
      .split(';')
      .filter((d) => d.trim())
      .map((d): [string, string] => {
        const colon = d.indexOf(':');
        if (colon < 1) throw new Error(`static-sheet: cannot read "${d}" in ${selector}`);
        return [d.slice(0, colon), d.slice(colon + 1)];
      });
    rules.push({ selector, declarations });
    end = re.lastIndex;
  }
  if (end !== css.length) throw new Error(`static-sheet: cannot read MUI's variables from "${css.slice(end, end + 80)}"`);
  return rules;
}

/** MUI's CSS-variables stylesheet for one theme, both schemes: what ThemeProvider injects (its generateStyleSheets, through emotion). */
export function themeVariables(name: Theme): Rule[] {
  // No `defaultMode`: the sheet holds every scheme, whichever is shown.
  const styles = renderedStyles(createElement(ThemeProvider, { theme: createAppTheme(name, false), storageManager: null }));
  if (styles.length !== 1) throw new Error(`static-sheet: expected one stylesheet from ThemeProvider, got ${styles.length}`);
  return parseFlatRules(styles[0]!);
}

/** CssBaseline's globals with `enableColorScheme`, under the app's theme, as emotion writes them. */
export function baseline(name: Theme): string {
  const styles = renderedStyles(
    createElement(
      ThemeProvider,
      { theme: createAppTheme(name, false), storageManager: null, disableStyleSheetGeneration: true },
      createElement(CssBaseline, { enableColorScheme: true }),
    ),
  );
  if (styles.length !== 1) throw new Error(`static-sheet: expected one stylesheet from CssBaseline, got ${styles.length}`);
  return styles[0]!;
}

const DEFAULT_THEME: Theme = 'theme-default';

/**
 * Per rule, the declarations of `theme`'s rules that differ from `base`'s (the same rules, in the same
 * order), plus every one whose value reads a variable that differs in any of them: a custom property
 * holding `var(…)` is resolved where it is declared (on <html> for MUI's `:root`), so on <body> it must
 * be declared again to see the theme's value.
 */
export function themeDelta(base: Rule[], theme: Rule[]): [string, string][][] {
  const changed = new Set<string>();
  theme.forEach((rule, i) => {
    const baseValues = new Map(base[i]!.declarations);
    for (const [n, v] of rule.declarations) if (baseValues.get(n) !== v) changed.add(n);
  });
  const reads = (v: string) => [...v.matchAll(/var\((--[\w-]+)/g)].some((r) => changed.has(r[1]!));
  // Until nothing more reads a re-declared variable, through any number of steps.
  for (let grew = true; grew;) {
    grew = false;
    for (const [n, v] of theme.flatMap((r) => r.declarations)) {
      if (changed.has(n) || !reads(v)) continue;
      changed.add(n);
      grew = true;
    }
  }
  return theme.map((rule) => rule.declarations.filter(([n]) => changed.has(n)));
}

/**
 * One of MUI's selectors for one theme: `:root` becomes the themed <body>; a scheme class (`.light`,
 * `.dark`) matches the themed <body> under it on <html>, and any element inside that carries it itself
 * (the navigation panel's `dark` area, navigation-panel.tsx), as MUI's bare `.dark` does.
 */
export function scopedSelector(selector: string, theme: Theme): string {
  return selector
    .split(',')
    .map((s) => s.trim())
    .flatMap((s) => (s === ':root' ? [`:root body.${theme}`] : [`${s} body.${theme}`, `body.${theme} ${s}`]))
    .join(',');
}

const print = (selector: string, declarations: [string, string][]) => `${selector}{${declarations.map(([n, v]) => `${n}:${v};`).join('')}}`;

/**
 * The whole static sheet. The default theme's variables come as MUI writes them (`:root`, `:root,.light`,
 * `.dark`), so the page is the default theme before any class is set; each other theme adds what differs
 * from it under `body.theme-*` (the class paintPage and public/early-scheme.js set), with the same scheme
 * selectors (scopedSelector): `.dark body.theme-rose` is as specific as `:root body.theme-rose`, and comes
 * later, exactly as MUI's `.dark` follows `:root,.light`. CssBaseline's globals are the same for every
 * theme (they read the variables), so they come once; that they are the same is checked here.
 */
export function themeStyleSheet(): string {
  const base = themeVariables(DEFAULT_THEME);
  const baselineCss = baseline(DEFAULT_THEME);
  const parts = [baselineCss, base.map((r) => print(r.selector, r.declarations)).join('')];
  for (const name of THEMES) {
    if (name === DEFAULT_THEME) continue;
    if (baseline(name) !== baselineCss) throw new Error(`static-sheet: CssBaseline differs for ${name}; it would need scoping per theme`);
    const rules = themeVariables(name);
    if (rules.map((r) => r.selector).join('|') !== base.map((r) => r.selector).join('|')) {
      throw new Error(`static-sheet: ${name}'s variables use other selectors than ${DEFAULT_THEME}'s`);
    }
    const deltas = themeDelta(base, rules);
    rules.forEach((rule, i) => {
      if (deltas[i]!.length) parts.push(print(scopedSelector(rule.selector, name), deltas[i]!));
    });
  }
  return parts.join('\n') + '\n';
}
