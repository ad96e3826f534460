import type { Preferences } from './user.js';

// The values the web app's first screens read before any answer is parsed (the languages, schemes,
// themes and layouts a device remembers, the free plan's id), in a module without zod: re-exported
// from user.ts and plans.ts, so a bundle that takes only these leaves the schemas out (issue 43).

export const ROLES = ['admin', 'user'] as const;
export const USER_STATUSES = ['online', 'away', 'busy', 'not-visible'] as const;
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export const LANGUAGES = ['en', 'es', 'tr'] as const;
export const SCHEMES = ['light', 'dark', 'auto'] as const;
export const THEMES = ['theme-default', 'theme-brand', 'theme-teal', 'theme-rose', 'theme-purple', 'theme-amber'] as const;
export const LAYOUTS = ['empty', 'centered', 'enterprise', 'material', 'modern', 'classic', 'classy', 'compact', 'dense', 'futuristic', 'thin'] as const;

export const DEFAULT_PREFERENCES: Preferences = { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' };

/**
 * The locale money and numbers are formatted in for an interface language. The books are US books
 * (Schedule C, dollars), so Spanish reads them as US Spanish does ("$605.50"), not as Spain does
 * ("605,50 US$"); dates keep the language's own forms.
 */
export const numberLocale = (language: string): string => (language === 'es' ? 'es-US' : language);

export const FREE_PLAN = 'free';
