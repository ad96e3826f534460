import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * How long the database may keep a call waiting (issue 41: a network that swallows packets keeps the
 * connections open and answers nothing). A request's whole database work shares one deadline, set
 * when the request arrives (app.ts); every query and every wait for a pooled connection gets what is
 * left of it, so a call answers 503 within the budget however many queries it makes. Work outside a
 * request (jobs, the mail queue) has only the per-query limit.
 */
const deadlines = new AsyncLocalStorage<number>();

/** A request's database work, all of it: under the 5 s a call may take, with room for the answer itself. */
export const REQUEST_DB_BUDGET_MS = 4_000;

/** Runs `fn` with its database work ending by `at` (epoch milliseconds), the sooner of this and an outer one. */
export function runWithDeadline<T>(at: number, fn: () => T): T {
  const outer = deadlines.getStore();
  return deadlines.run(outer === undefined ? at : Math.min(at, outer), fn);
}

/** Runs `fn` with no request's deadline: background work a request starts outlives the request's budget. */
export function runWithoutDeadline<T>(fn: () => T): T {
  return deadlines.exit(fn);
}

/** The milliseconds left for a query: the per-query limit, or less when a request's deadline is nearer. */
function budget(perQueryMs: number): number {
  const at = deadlines.getStore();
  return at === undefined ? perQueryMs : Math.min(perQueryMs, at - Date.now());
}

// The same messages pg itself uses, so lib/outage.ts reads them as "the database is away" (503).
const queryTimeout = () => new Error('Query read timeout');
const acquireTimeout = () => new Error('timeout exceeded when trying to connect');

type Internals = { _queryable: boolean; connection?: { stream?: { destroy(): void } } };

/**
 * A client whose query got no answer may still receive it later, or never: either way it cannot be
 * used again (the next query would queue behind the lost one, and a transaction's ROLLBACK would wait
 * as long again). It is marked unusable at once, so the ROLLBACK fails without waiting and the pool
 * drops it on release (pg-pool reads `_queryable`, its own flag), and its socket is destroyed; the
 * server ends the session and rolls back whatever it had of a transaction.
 */
function discard(client: pg.PoolClient) {
  const c = client as unknown as Internals;
  c._queryable = false;
  c.connection?.stream?.destroy();
}

type QueryFn = (...args: unknown[]) => unknown;

function boundClient(client: pg.PoolClient, perQueryMs: number) {
  const query = client.query.bind(client) as QueryFn;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    // A query given as text or a config object; a submittable (a cursor, a stream) goes as it is.
    const plain =
      typeof config === 'string' || (typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit !== 'function');
    if (!plain) return query(config, values, callback);
    const cb = (typeof values === 'function' ? values : callback) as ((err: Error | undefined, res?: unknown) => void) | undefined;
    const args = typeof values === 'function' ? undefined : values;
    const left = budget(perQueryMs);
    if (left <= 0) {
      discard(client);
      if (cb) return void process.nextTick(cb, queryTimeout());
      return Promise.reject(queryTimeout());
    }
    const bounded = typeof config === 'string' ? { text: config, query_timeout: left } : { ...(config as object), query_timeout: left };
    const timedOut = (err: unknown) => err instanceof Error && err.message === 'Query read timeout';
    if (cb) {
      return query(bounded, args, (err: Error | undefined, res: unknown) => {
        if (timedOut(err)) discard(client);
        cb(err, res);
      });
    }
    return (query(bounded, args) as Promise<unknown>).catch((err: unknown) => {
      if (timedOut(err)) discard(client);
      throw err;
    });
  }) as typeof client.query;
}

/**
 * Bounds every query of the pool's clients (per query, and by the request's deadline) and every wait
 * for a connection (by the request's deadline; otherwise by the pool's connectionTimeoutMillis).
 */
export function boundPool(pool: pg.Pool, perQueryMs: number) {
  pool.on('connect', (client) => boundClient(client, perQueryMs));
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connectWithin = (): Promise<pg.PoolClient> => {
    const at = deadlines.getStore();
    if (at === undefined) return connect();
    const left = at - Date.now();
    if (left <= 0) return Promise.reject(acquireTimeout());
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(acquireTimeout());
      }, left);
      connect().then(
        (client) => {
          clearTimeout(timer);
          // Given after the caller gave up: back to the pool unused.
          if (late) client.release();
          else resolve(client);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err as Error);
        },
      );
    });
  };
  // pool.query calls this.connect with a callback; drizzle's transactions call it without one.
  pool.connect = ((cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (!cb) return connectWithin();
    connectWithin().then(
      (client) => cb(undefined, client, () => client.release()),
      (err: Error) => cb(err),
    );
    return undefined;
  }) as typeof pool.connect;
}
