import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@cuadre/contracts';
import { AppError } from './errors.js';

export type Dependency = 'database' | 'redis';

/** SQLSTATE classes and codes that mean "the server is not there", not "the query is wrong". */
const PG_UNAVAILABLE = /^(08...|57P01|57P02|57P03|53300|53400)$/;
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|terminating connection|connection timeout/i;
const REDIS_MESSAGES = /enableOfflineQueue|Connection is closed|MaxRetriesPerRequest|Command timed out|Stream isn't writeable/i;

/**
 * Which dependency an error says is away, or undefined for any other error. Drizzle wraps driver
 * errors, so the chain of causes is walked.
 */
export function unavailableDependency(err: unknown): Dependency | undefined {
  for (
    let e = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const message = typeof e.message === 'string' ? e.message : '';
    const name = typeof e.name === 'string' ? e.name : '';
    if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.test(message)) return 'redis';
    if (typeof e.code === 'string' && PG_UNAVAILABLE.test(e.code)) return 'database';
    if (typeof e.code === 'string' && NET_CODES.has(e.code)) return /redis/i.test(message) ? 'redis' : 'database';
    if (PG_MESSAGES.test(message)) return 'database';
  }
  return undefined;
}

/**
 * A write that found no room on a disk: the embedded database's (PGlite reports the file layer's ENOSPC
 * as PostgreSQL does, SQLSTATE 53100 "could not extend file … No space left on device"), PostgreSQL's own
 * (53100 disk_full), or the file store's (ENOSPC, or EDQUOT for a filesystem quota).
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  }
  return false;
}

/** The 507's words (the per-account quota's 413 STORAGE_FULL has its own, in modules/files/storage.ts). */
export const DISK_FULL_MESSAGE = "The server's disk is full; nothing was saved. Tell your administrator.";

export function diskFull() {
  return new AppError(507, ErrorCode.STORAGE_FULL, DISK_FULL_MESSAGE);
}

export const RETRY_AFTER_SECONDS = 5;

export function serviceUnavailable(what: Dependency) {
  const message =
    what === 'database'
      ? 'The database cannot be reached for a moment; nothing was saved. Try again in a few seconds'
      : 'A service Cuadre relies on cannot be reached for a moment; nothing was saved. Try again in a few seconds';
  return new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, message, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}

/** One warning when a dependency goes away and one line when it is back, however many errors come between. */
export class OutageLog {
  private readonly down = new Set<Dependency>();
  constructor(private readonly log: FastifyBaseLogger) {}
  lost(what: Dependency, err?: unknown) {
    if (this.down.has(what)) return;
    this.down.add(what);
    this.log.warn(
      { dependency: what, reason: err instanceof Error ? err.message : err ? String(err) : undefined },
      `${what === 'database' ? 'the database' : 'Redis'} is unreachable`,
    );
  }
  back(what: Dependency) {
    if (!this.down.delete(what)) return;
    this.log.info({ dependency: what }, `${what === 'database' ? 'the database' : 'Redis'} is reachable again`);
  }
  isDown(what: Dependency) {
    return this.down.has(what);
  }
}
