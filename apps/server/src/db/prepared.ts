import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite, protocol } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';
import { ownedByParameter, type OwnerScope } from './owned.js';

const dialect = new PgDialect();

/**
 * A read over one owner's rows that the hot lists run on every request (issue 31): its SQL is built
 * once, from the owner scope with the owner as a parameter (`ownedByParameter`), and the database
 * plans it once per connection (a named prepared statement), not on every call. `run` binds the
 * owner it is given to that parameter itself, so a statement cannot be run without an owner, nor
 * read another owner's rows: scoped by construction, as every query through `ownedBy`.
 *
 * Other parameters are Drizzle placeholders (`sql.placeholder('from')`), filled by name on each run.
 * Where PostgreSQL cannot infer a parameter's type from its place, the statement casts it.
 */
export class OwnedStatement<P extends Record<string, unknown> = Record<string, never>> {
  readonly text: string;
  readonly name: string;
  private readonly params: unknown[];

  constructor(build: (s: OwnerScope) => SQL) {
    const query = dialect.sqlToQuery(build(ownedByParameter()));
    this.text = query.sql;
    this.params = query.params;
    // The name is the text's: the same text is the same statement on every connection, another text another name.
    this.name = `c_${createHash('sha1').update(this.text).digest('hex').slice(0, 24)}`;
  }

  /** The values to bind, in the statement's order: the owner and `values`, each by its placeholder's name. */
  values(ownerId: string, values: P): unknown[] {
    return fillPlaceholders(this.params, { ...values, owner: ownerId });
  }

  /** The rows of one owner's run, each column as the driver parses it. */
  async rows<T>(db: Db, ownerId: string, values: P): Promise<T[]> {
    const client = (db as unknown as { $client: unknown }).$client; // both drivers keep their client there
    const bound = this.values(ownerId, values);
    if (client instanceof PGlite) return runOnPglite<T>(client, this, bound);
    if (typeof (client as { query?: unknown } | undefined)?.query !== 'function')
      throw new Error('A prepared statement runs on the database, not in a transaction');
    return (await (client as pg.Pool).query<T & pg.QueryResultRow>({ name: this.name, text: this.text, values: bound })).rows;
  }

  /** The first column of the first row as text: a statement that builds its answer's JSON itself. */
  async text1(db: Db, ownerId: string, values: P): Promise<string> {
    const [row] = await this.rows<Record<string, unknown>>(db, ownerId, values);
    return String(Object.values(row!)[0]);
  }
}

/** The statements each embedded database has parsed, by name. */
const parsed = new WeakMap<PGlite, Set<string>>();

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * PGlite's own `query` parses and plans the text on every call, in six exchanges with the database;
 * here a statement is parsed once per database (a named statement), and each run is one exchange:
 * bind, describe, execute, sync. It waits its turn as `query` does (no other query or transaction
 * runs meanwhile) and answers rows as `query` would, with the database's parsers.
 */
async function runOnPglite<T>(client: PGlite, statement: OwnedStatement<never>, values: unknown[]): Promise<T[]> {
  const { serialize } = protocol;
  const done = parsed.get(client) ?? parsed.set(client, new Set()).get(client)!;
  const text = values.map((v) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v)));
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const messages: Uint8Array[] = [];
      if (!done.has(statement.name)) messages.push(serialize.parse({ name: statement.name, text: statement.text }));
      messages.push(serialize.bind({ statement: statement.name, values: text }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
      let result;
      try {
        result = await client.execProtocol(concat(messages), { syncToFs: false });
      } catch (err) {
        // The exchange ended with its sync, so the database is ready for the next; the statement is
        // closed (whether or not its parse got through) and parsed again on the next run.
        done.delete(statement.name);
        await client.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false, throwOnError: false });
        throw err;
      }
      done.add(statement.name);
      return parseRows(result.messages as Message[], client) as T[];
    }),
  );
}

type Message = { name: string; fields?: unknown[] };
function parseRows(messages: Message[], client: PGlite): Record<string, unknown>[] {
  let columns: { name: string; dataTypeID: number }[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') columns = (m.fields as { name: string; dataTypeID: number }[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    else if (m.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (m.fields as (string | null)[]).forEach((value, i) => {
        const column = columns[i]!;
        const parse = client.parsers[column.dataTypeID];
        row[column.name] = value === null ? null : parse ? parse(value, column.dataTypeID) : value;
      });
      rows.push(row);
    }
  }
  return rows;
}
