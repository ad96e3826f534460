import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, type Preferences } from '@cuadre/contracts';

/**
 * The header a client names the language its interface shows in (the web app sends it on every call):
 * answers carry the default chart's names, and report files their words, in that language. Not
 * Accept-Language, which a browser fills with its own default whether or not the reader chose it.
 */
export const LANGUAGE_HEADER = 'x-language';

const known = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language a request names in its header, if it names one Cuadre speaks (anything else is ignored). */
export function headerLanguage(req: FastifyRequest): Language | undefined {
  const value = req.headers[LANGUAGE_HEADER];
  return known(value) ? value : undefined;
}

/**
 * Whose language a signed-in request is answered in: the one its client shows (the header), else
 * the account's preference, else English.
 */
export function readerLanguage(auth: { language?: Language; user: { preferences: Partial<Preferences> | null } }): Language {
  return auth.language ?? accountLanguage(auth.user);
}

/**
 * The account's language (set at sign-up, at sign-in or in settings), English when none is known:
 * what a mail, a notification or a help page is written in when no client names one.
 */
export function accountLanguage(user: { preferences: Partial<Preferences> | null }): Language {
  const preferred = user.preferences?.language;
  return known(preferred) ? preferred : 'en';
}
