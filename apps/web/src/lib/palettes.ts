import type { Theme } from '@cuadre/contracts';

export interface ThemeColors {
  primary: string;
  secondary: string;
}

/**
 * Primary and secondary of each theme per scheme. Light mains are 600–700 shades (at least 4.5:1 against
 * white and the page background, so they read as text and carry white labels); dark mains are 300–400
 * shades (at least 4.5:1 against the dark surfaces, with dark labels on buttons).
 */
export const PALETTES: Record<Theme, { light: ThemeColors; dark: ThemeColors }> = {
  'theme-default': { light: { primary: '#4f46e5', secondary: '#475569' }, dark: { primary: '#818cf8', secondary: '#94a3b8' } },
  'theme-brand': { light: { primary: '#0b63c4', secondary: '#c2410c' }, dark: { primary: '#60a5fa', secondary: '#fb923c' } },
  'theme-teal': { light: { primary: '#0f766e', secondary: '#b45309' }, dark: { primary: '#2dd4bf', secondary: '#fbbf24' } },
  'theme-rose': { light: { primary: '#be123c', secondary: '#0369a1' }, dark: { primary: '#fb7185', secondary: '#38bdf8' } },
  'theme-purple': { light: { primary: '#9333ea', secondary: '#be185d' }, dark: { primary: '#c084fc', secondary: '#f472b6' } },
  'theme-amber': { light: { primary: '#b45309', secondary: '#047857' }, dark: { primary: '#fbbf24', secondary: '#34d399' } },
};

/** Page and surface colours shared by every theme, so only the accents change between themes. */
export const SURFACES = {
  light: { default: '#f1f5f9', paper: '#ffffff' },
  dark: { default: '#0f172a', paper: '#1e293b' },
} as const;
