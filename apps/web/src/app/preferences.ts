import type { Preferences } from '@cuadre/contracts';

/**
 * The contract between the shell (which owns language, scheme, theme and layout on screen) and the
 * screens that change them (usersettings, the top bar). Implemented by the shell in app/theme.
 */
export type ApplyPreferences = (prefs: Partial<Preferences>) => void;
