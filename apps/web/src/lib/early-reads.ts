import { chosenLanguage } from '@/i18n/chosen';
import { session } from './session';

/** The start's reads (issue 43): sent by the entry, taken by `api()` once the code that parses them has come. */
const sent = new Map<string, { token: string; at: number; answer: Promise<Response | undefined> }>();
/** An answer older than this is not used: the read is made again. */
const FRESH_MS = 10_000;

/**
 * Sends the GETs a signed-in page's start needs (the user, the navigation) from the app's entry, before
 * the queries, the contracts and zod have loaded, so no read waits on that code (app/guards.ts imports it
 * when it reads). `api()` takes each answer once, for the same session and within a few seconds; any
 * failure is left to `api()`, which asks again.
 */
export function sendEarly(paths: string[]) {
  const token = session.get();
  if (!token) return;
  const language = chosenLanguage();
  for (const path of paths) {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}`, ...(language ? { 'x-language': language } : {}) };
    sent.set(path, { token, at: Date.now(), answer: fetch(`/api/${path}`, { headers }).catch(() => undefined) });
  }
}

/** The answer sent early for `path` in this session, once; undefined when there is none to use. */
export function takeEarly(path: string): Promise<Response | undefined> | undefined {
  const early = sent.get(path);
  sent.delete(path);
  if (!early || early.token !== session.get() || Date.now() - early.at > FRESH_MS) return undefined;
  return early.answer;
}
