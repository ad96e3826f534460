import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
// MUI's types for a CSS-variables theme (the app's only kind): ThemeProvider's `disableStyleSheetGeneration` among them.
import type {} from '@mui/material/themeCssVarsAugmentation';
import { LANGUAGES, THEMES, type Language, type Preferences, type Scheme, type Theme } from '@cuadre/contracts';
import i18n, { initialLanguage, setLanguage } from '@/i18n';
import { PreferencesContext, readDevicePreferences, writeDevicePreferences, type ApplyPreferences, type PreferencesValue } from '@/lib/preferences';
import { createAppTheme } from './create-app-theme';

const muiMode = (scheme: Scheme) => (scheme === 'auto' ? 'system' : scheme);

const systemIsDark = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

/**
 * Puts the scheme class on <html> and the theme class on <body>. Run once before React renders, so the
 * splash screen already shows in the remembered scheme; MUI keeps the scheme class up to date after that
 * (including "auto" following the system).
 */
export function paintPage(scheme: Scheme, theme: Theme) {
  const resolved = scheme === 'auto' ? (systemIsDark() ? 'dark' : 'light') : scheme;
  const html = document.documentElement;
  html.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  html.classList.add(resolved);
  document.body.classList.remove(...THEMES.filter((t) => t !== theme));
  document.body.classList.add(theme);
}

/** MUI's own mode follows ours; it resolves "system" and listens for the system changing. */
function SchemeSync({ scheme }: { scheme: Scheme }) {
  const { mode, setMode } = useColorScheme();
  useEffect(() => {
    if (mode !== muiMode(scheme)) setMode(muiMode(scheme));
  }, [mode, scheme, setMode]);
  return null;
}

const initialPreferences = (): Preferences => ({ language: initialLanguage(), ...readDevicePreferences() });

/**
 * Owns the preferences on screen (language, scheme, theme, layout): what this device remembers at
 * first, then whatever `applyPreferences` is given (the signed-in user's server-kept preferences, the
 * top bar, usersettings).
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [prefs, setPrefs] = useState(initialPreferences);

  const applyPreferences = useCallback<ApplyPreferences>((next) => {
    const changes = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Partial<Preferences>;
    if (changes.language && changes.language !== i18n.language) void setLanguage(changes.language);
    setPrefs((prev) => {
      const merged = { ...prev, ...changes };
      return (Object.keys(merged) as (keyof Preferences)[]).every((k) => merged[k] === prev[k]) ? prev : merged;
    });
  }, []);

  // A language switched elsewhere (an auth page calling setLanguage) is still reflected here.
  useEffect(() => {
    const onChange = (lng: string) =>
      setPrefs((prev) => (prev.language === lng || !(LANGUAGES as readonly string[]).includes(lng) ? prev : { ...prev, language: lng as Language }));
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);

  useEffect(() => {
    writeDevicePreferences(prefs);
    paintPage(prefs.scheme, prefs.theme);
    document.documentElement.lang = prefs.language;
  }, [prefs]);

  const value = useMemo<PreferencesValue>(() => ({ ...prefs, applyPreferences }), [prefs, applyPreferences]);
  const theme = createAppTheme(prefs.theme);

  return (
    <PreferencesContext.Provider value={value}>
      {/* storageManager null: the preferences above are the one source of truth, not MUI's own localStorage key.
          disableStyleSheetGeneration, and no CssBaseline here: every theme's variables and CssBaseline's globals
          come as a static stylesheet made from these themes at build time (static-sheet.ts, `virtual:theme.css`
          in main.tsx), not written by emotion at start. */}
      <ThemeProvider theme={theme} defaultMode={muiMode(prefs.scheme)} storageManager={null} disableTransitionOnChange disableStyleSheetGeneration>
        <SchemeSync scheme={prefs.scheme} />
        {children}
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
}

export { usePreferences } from '@/lib/preferences';
