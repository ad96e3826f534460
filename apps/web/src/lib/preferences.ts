import { createContext, useContext } from 'react';
import { DEFAULT_PREFERENCES, LAYOUTS, SCHEMES, THEMES, type Preferences } from '@cuadre/contracts';

/**
 * The contract between the shell (which owns language, scheme, theme and layout on screen) and the
 * screens that change them (usersettings, the top bar). Implemented by the shell in app/theme.
 */
export type ApplyPreferences = (prefs: Partial<Preferences>) => void;

export interface PreferencesValue extends Preferences {
  /** Changes the preferences on screen at once and remembers them on this device; saving them on the server is the caller's. */
  applyPreferences: ApplyPreferences;
}

export const PreferencesContext = createContext<PreferencesValue | null>(null);

/** The preferences on screen now, and the way to change them. */
export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs the AppThemeProvider above it');
  return value;
}

/** Scheme, theme and layout as remembered on this device (the language is kept by @/i18n under its own key). */
const STORED = 'preferences';

type DevicePreferences = Pick<Preferences, 'scheme' | 'theme' | 'layout'>;

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** What this device remembers, each value checked, so a stale or hand-edited entry falls back to the default. */
export function readDevicePreferences(): DevicePreferences {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORED) ?? '{}');
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // A corrupt entry is treated as none: the defaults apply and the next change overwrites it.
  }
  return {
    scheme: oneOf(SCHEMES, raw.scheme, DEFAULT_PREFERENCES.scheme),
    theme: oneOf(THEMES, raw.theme, DEFAULT_PREFERENCES.theme),
    layout: oneOf(LAYOUTS, raw.layout, DEFAULT_PREFERENCES.layout),
  };
}

export function writeDevicePreferences(prefs: DevicePreferences) {
  try {
    localStorage.setItem(STORED, JSON.stringify({ scheme: prefs.scheme, theme: prefs.theme, layout: prefs.layout }));
  } catch {
    // Storage full or disabled (private mode): the choice still applies for this visit.
  }
}
