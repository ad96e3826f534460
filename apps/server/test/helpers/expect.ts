import { expect } from 'vitest';
import type { ApiResult } from './app.js';

/**
 * The error shape every client relies on: `{ statusCode, code, message, details? }`, with the
 * status line agreeing with the body. Returns the body for further checks.
 */
export function expectError(res: ApiResult, status: number, code: string, opts: { message?: string; paths?: string[] } = {}) {
  // The body in the message, so a failure prints what the server actually said.
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ statusCode: status, code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (opts.message !== undefined) expect(res.body.message).toBe(opts.message);
  if (opts.paths !== undefined) expect(detailPaths(res)).toEqual([...opts.paths].sort());
  return res.body as { statusCode: number; code: string; message: string; details?: { path: string; message: string }[] };
}

/** The distinct fields named in a 400's details, sorted. */
export function detailPaths(res: ApiResult): string[] {
  const details = (res.body?.details ?? []) as { path: string; message: string }[];
  for (const d of details) expect(typeof d.message === 'string' && d.message.length > 0).toBe(true);
  return [...new Set(details.map((d) => d.path))].sort();
}

/** 200 with the body shown on failure. */
export function expectOk(res: ApiResult, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}
