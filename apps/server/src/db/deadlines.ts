import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * How long the database may keep a call waiting (issue 41: a network that swallows packets keeps the
 * connections open and answers nothing). A request may wait at most REQUEST_DB_WAIT_MS for the database
 * to say anything: the clock starts when the request arrives (app.ts) and starts again at each answer, so
 * every query and every wait for a pooled connection gets what is left of it. A call that meets a silent
 * database answers 503 within that time of its last answer, however many queries it makes (a query that
 * swallowed its error does not buy the next one another wait); a long call that the database keeps
 * answering (a 10,000-line import) is not cut short. Work outside a request (jobs, the mail queue) has
 * only the per-query limit.
 */
interface Patience {
  waitMs: number;
  /** When the database last answered this call (or when the call began). */
  lastAnswer: number;
}
const patience = new AsyncLocalStorage<Patience>();

/**
 * Under the 5 s a call may take, with room for what the call did before the database fell silent and
 * for the answer itself (measured on a loaded machine: 4.8 s at most with 4 s here).
 */
export const REQUEST_DB_WAIT_MS = 3_500;

/** Runs `fn` waiting at most `waitMs` at a time for the database (the sooner of this and an outer limit). */
export function runWithDeadline<T>(waitMs: number, fn: () => T): T {
  const outer = patience.getStore();
  const left = outer ? outer.lastAnswer + outer.waitMs - Date.now() : Infinity;
  return patience.run({ waitMs: Math.min(waitMs, Math.max(0, left)), lastAnswer: Date.now() }, fn);
}

/** Runs `fn` outside any request's limit: background work a request starts outlives the request. */
export function runWithoutDeadline<T>(fn: () => T): T {
  return patience.exit(fn);
}

/** The milliseconds a query may wait: the per-query limit, or less when the request has waited already. */
function budget(perQueryMs: number, p: Patience | undefined): number {
  return p === undefined ? perQueryMs : Math.min(perQueryMs, p.lastAnswer + p.waitMs - Date.now());
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
    const p = patience.getStore();
    const left = budget(perQueryMs, p);
    if (left <= 0) {
      discard(client);
      if (cb) return void process.nextTick(cb, queryTimeout());
      return Promise.reject(queryTimeout());
    }
    const bounded = typeof config === 'string' ? { text: config, query_timeout: left } : { ...config, query_timeout: left };
    // An answer, a row set or an error PostgreSQL sent, starts the request's clock again; silence does not.
    const settled = (err: unknown) => {
      if (err instanceof Error && err.message === 'Query read timeout') discard(client);
      else if (p && (!err || /^[0-9A-Z]{5}$/.test(String((err as { code?: unknown }).code)))) p.lastAnswer = Date.now();
    };
    if (cb) {
      return query(bounded, args, (err: Error | undefined, res: unknown) => {
        settled(err);
        cb(err, res);
      });
    }
    return (query(bounded, args) as Promise<unknown>).then(
      (res) => {
        settled(undefined);
        return res;
      },
      (err: unknown) => {
        settled(err);
        throw err;
      },
    );
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
    const p = patience.getStore();
    if (p === undefined) return connect();
    const left = budget(Infinity, p);
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
          reject(err);
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
