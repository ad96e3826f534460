import { z } from 'zod/mini';
import { ZApiError } from '@cuadre/contracts';
import { chosenLanguage } from '@/i18n/chosen';
import { pending } from './pending';
import { session } from './session';
import { ApiError } from './api-error';
import { takeEarly } from './early-reads';

export { ApiError };

export interface RequestOptions<S extends z.ZodMiniType | undefined> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The contract the answer is parsed with; a mismatch is an error, never silently passed on. */
  schema?: S;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodMiniType ? z.infer<S> : unknown;

/**
 * Every call to the API goes through here: bearer token when there is one, the loading bar, one
 * error type. A 401 on a call made with a token ends the session and reloads (docs/product.md, "Routes and guards");
 * a 401 for wrong credentials (sign-in, unlock-session) is the caller's to show.
 */
export async function api<S extends z.ZodMiniType | undefined = undefined>(path: string, opts: RequestOptions<S> = {}): Promise<Result<S>> {
  const token = session.get();
  const headers: Record<string, string> = { accept: 'application/json', ...languageHeader() };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const qs = opts.query
    ? new URLSearchParams(
        Object.entries(opts.query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  const url = `/api/${path.replace(/^\/?(api\/)?/, '')}${qs ? `?${qs}` : ''}`;

  // A read the entry sent before this code had come (early-reads.ts): its answer, if it came.
  const early = (opts.method ?? 'GET') === 'GET' && !qs ? await takeEarly(path.replace(/^\/?(api\/)?/, '')) : undefined;
  pending.start();
  let res: Response;
  try {
    res = early?.ok ? early : await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached; check your connection and try again');
  } finally {
    pending.end();
  }

  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const parsed = z.safeParse(ZApiError, data);
    // A wrong password typed while signed in (unlock-session) is the caller's to show, not a dead session.
    if (res.status === 401 && token && !(parsed.success && parsed.data.code === 'INVALID_CREDENTIALS')) {
      session.clear();
      window.location.reload();
    }
    if (parsed.success) throw new ApiError(parsed.data.statusCode, parsed.data.code, parsed.data.message, parsed.data.details);
    throw new ApiError(res.status, 'HTTP_' + res.status, res.statusText || 'Request failed');
  }
  if (!opts.schema) return data as Result<S>;
  const parsed = z.safeParse(opts.schema, data);
  if (!parsed.success) {
    console.error('Unexpected answer from', url, parsed.error);
    throw new ApiError(res.status, 'BAD_RESPONSE', 'The server sent an answer this page does not understand');
  }
  return parsed.data as Result<S>;
}

/**
 * The language the interface shows, so the server answers in it (the default chart's names, report
 * files): the one chosen on this device; without one, the server uses the account's.
 */
export function languageHeader(): Record<string, string> {
  const language = chosenLanguage();
  return language ? { 'x-language': language } : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
