import { createTheme, type Theme as MuiTheme } from '@mui/material/styles';
import type { Theme } from '@cuadre/contracts';
import { PALETTES, SURFACES } from '@/lib/palettes';

/** The breakpoints of docs/product.md ("Layouts, themes and navigation"); below md the navigation becomes an over-layer drawer. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440 } as const;

const cache = new Map<string, MuiTheme>();

/**
 * A reader who asked their system for less motion gets none: dialogs, menus, drawers and collapses
 * appear at once and buttons do not ripple (WCAG 2.3.3). Read when the theme is made.
 */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const STILL = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * One MUI theme per Cuadre theme, each holding both schemes as CSS variables switched by the `light` /
 * `dark` class on <html> (no inline script needed, so the CSP holds). Built once per theme and kept.
 */
export function createAppTheme(name: Theme, reducedMotion = prefersReducedMotion()): MuiTheme {
  const key = `${name}:${reducedMotion}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const colors = PALETTES[name];
  const theme = createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    breakpoints: { values: BREAKPOINTS },
    colorSchemes: {
      light: {
        palette: {
          // Text on a coloured fill (buttons, the avatar's initials) is chosen for 4.5:1, WCAG AA.
          contrastThreshold: 4.5,
          primary: { main: colors.light.primary },
          secondary: { main: colors.light.secondary },
          background: { default: SURFACES.light.default, paper: SURFACES.light.paper },
        },
      },
      dark: {
        palette: {
          contrastThreshold: 4.5,
          primary: { main: colors.dark.primary },
          secondary: { main: colors.dark.secondary },
          background: { default: SURFACES.dark.default, paper: SURFACES.dark.paper },
        },
      },
    },
    shape: { borderRadius: 8 },
    ...(reducedMotion ? { transitions: { create: () => 'none', duration: STILL } } : {}),
    typography: {
      // System fonts only: nothing is fetched, and the CSP allows no third-party font host.
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Tooltip timings (docs/product.md, "Layouts, themes and navigation"): show and hide at once, long-press 500 ms, touch hide 1500 ms.
      MuiTooltip: { defaultProps: { enterDelay: 0, leaveDelay: 0, enterTouchDelay: 500, leaveTouchDelay: 1500 } },
      // A visible focus ring on everything that takes keyboard focus, not only the ripple.
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
    },
  });
  cache.set(key, theme);
  return theme;
}
