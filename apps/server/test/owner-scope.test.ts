import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { openPglite, withTransaction, type Database } from '../src/db/client.js';
import { OWNED_TABLES, ownedBy } from '../src/db/owned.js';
import * as schema from '../src/db/schema/index.js';

/**
 * Issue 26: every query of an owned table goes through the owner scope (`src/db/owned.ts`), and the
 * few that rightly cross owners say why in `unscoped(reason, ...)`. The scanner below reads the
 * server's source and fails on a Drizzle query or a raw SQL text that reaches an owned table any
 * other way; it is tested on deliberate mistakes first, so a scanner that finds nothing cannot pass.
 */

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const PRIMITIVE = path.join('db', 'owned.ts');

/** Owned tables by the name code uses (`entries`, `taxMonths`) and the name SQL uses (`tax_months`). */
const OWNED = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable) && 'ownerId' in getTableColumns(value))
  .map(([js, table]) => ({ js, sql: getTableName(table as PgTable) }));

export interface Finding {
  line: number;
  rule: 'builder' | 'raw-table' | 'raw-interpolation' | 'raw-dynamic';
  text: string;
}
export interface Escape {
  line: number;
  reason: string;
}

interface Template {
  /** Where the backtick is. */
  start: number;
  /** The literal text, each interpolation replaced by a space. */
  text: string;
  /** The literal text between interpolations (one more than `exprs`). */
  parts: string[];
  /** Each interpolation's expression, as written. */
  exprs: string[];
}
interface Literal {
  start: number;
  text: string;
}

/**
 * Splits TypeScript source into code (comments and the text of strings and templates blanked, so
 * offsets and lines stay), the templates, and the plain string literals. Enough of a lexer for this
 * code base: comments, the three kinds of quotes, nested templates and regular expression literals.
 */
function lex(source: string) {
  const code = source.split('');
  const templates: Template[] = [];
  const literals: Literal[] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  const regexMayStart = (at: number) => {
    let k = at - 1;
    while (k >= 0 && /\s/.test(source[k]!)) k--;
    if (k < 0) return true;
    if ('(,=:[!&|?{};+-*%<>~^'.includes(source[k]!)) return true;
    return /\b(return|typeof|case|in|of)$/.test(source.slice(Math.max(0, k - 6), k + 1));
  };

  // Lexes code from `i` until an unmatched `}` (the end of a template's `${`) or the end; returns where it stopped.
  const lexCode = (start: number, inInterpolation: boolean): number => {
    let i = start;
    let depth = 0;
    while (i < source.length) {
      const c = source[i]!;
      const next = source[i + 1];
      if (c === '/' && next === '/') {
        const end = source.indexOf('\n', i);
        const stop = end < 0 ? source.length : end;
        blank(i, stop);
        i = stop;
      } else if (c === '/' && next === '*') {
        const stop = source.indexOf('*/', i + 2) + 2;
        blank(i, stop);
        i = stop;
      } else if (c === "'" || c === '"') {
        let k = i + 1;
        while (k < source.length && source[k] !== c) k += source[k] === '\\' ? 2 : 1;
        literals.push({ start: i, text: source.slice(i + 1, k) });
        blank(i + 1, k);
        i = k + 1;
      } else if (c === '`') {
        i = lexTemplate(i);
      } else if (c === '/' && regexMayStart(i)) {
        let k = i + 1;
        let inClass = false;
        while (k < source.length && (inClass || source[k] !== '/') && source[k] !== '\n') {
          if (source[k] === '\\') k++;
          else if (source[k] === '[') inClass = true;
          else if (source[k] === ']') inClass = false;
          k++;
        }
        blank(i + 1, k);
        i = k + 1;
      } else if (c === '{') {
        depth++;
        i++;
      } else if (c === '}') {
        if (depth === 0 && inInterpolation) return i;
        depth--;
        i++;
      } else i++;
    }
    return i;
  };

  const lexTemplate = (open: number): number => {
    const template: Template = { start: open, text: '', parts: [], exprs: [] };
    templates.push(template);
    let part = '';
    let i = open + 1;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        part += source.slice(i, i + 2);
        blank(i, i + 2);
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        const end = lexCode(i + 2, true);
        template.exprs.push(source.slice(i + 2, end));
        template.parts.push(part);
        part = '';
        i = end + 1;
      } else {
        part += source[i];
        blank(i, i + 1);
        i++;
      }
    }
    template.parts.push(part);
    template.text = template.parts.join(' ');
    return i + 1;
  };

  lexCode(0, false);
  return { code: code.join(''), templates, literals };
}

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** Where each `unscoped(` call's parentheses open and close, found in the code (strings blanked). */
function escapesOf(source: string, code: string) {
  const ranges: { from: number; to: number; reason: string; line: number }[] = [];
  for (const m of code.matchAll(/\bunscoped\(/g)) {
    let depth = 0;
    let k = m.index + m[0].length - 1;
    for (; k < code.length; k++) {
      if (code[k] === '(') depth++;
      else if (code[k] === ')' && --depth === 0) break;
    }
    const reason = /^\s*(['"`])(.*?)\1/s.exec(source.slice(m.index + m[0].length))?.[2] ?? '';
    ranges.push({ from: m.index, to: k, reason, line: lineOf(source, m.index) });
  }
  return ranges;
}

/** The queries of `source` that reach an owned table outside the owner scope, and the `unscoped` escapes it uses. */
export function scanSource(source: string): { findings: Finding[]; escapes: Escape[] } {
  const { code, templates, literals } = lex(source);
  const escapes = escapesOf(source, code);
  const exempt = (offset: number) => escapes.some((e) => offset > e.from && offset < e.to);
  const findings: Finding[] = [];
  const add = (offset: number, rule: Finding['rule'], text: string) => {
    if (!exempt(offset)) findings.push({ line: lineOf(source, offset), rule, text: text.trim() });
  };

  const js = OWNED.map((t) => t.js).join('|');
  // Drizzle's builder: a query or a join that names an owned table (`.from(entries)`, `.leftJoin(workers, ...)`, `db.query.trips`).
  const builder = new RegExp(
    `\\.(?:(?:from|update|delete|insert|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\\(\\s*(?:${js})\\s*[,)]|query\\.(?:${js})\\b)`,
    'g',
  );
  for (const m of code.matchAll(builder)) add(m.index, 'builder', m[0]);

  // Raw SQL naming an owned table, in a template or a plain string: `from entries`, `join "trips"`.
  const names = OWNED.map((t) => t.sql).join('|');
  const raw = new RegExp(`\\b(?:from|join|update|into)\\s+(?:only\\s+)?"?(?:${names})"?(?![\\w.])`, 'gi');
  for (const t of templates) for (const m of t.text.matchAll(raw)) add(t.start, 'raw-table', m[0]);
  for (const l of literals) for (const m of l.text.matchAll(raw)) add(l.start, 'raw-table', m[0]);

  // Drizzle's own `sql` with an owned table interpolated: `sql\`select 1 from ${entries}\``. The scope's `s.sql` scopes it.
  // So is a fragment that is an owned table's bare name (`sql\`workers\``), made to be put after a FROM.
  const tableExpr = new RegExp(`^\\s*(?:${js})\\s*$`);
  const bareName = new RegExp(`^\\s*"?(?:${names})"?\\s*$`, 'i');
  for (const t of templates) {
    const before = code.slice(Math.max(0, t.start - 80), t.start);
    const tag = /(\.?)\bsql(?:<[^`]*>)?\s*$/.exec(before);
    if (!tag || tag[1] === '.') continue;
    if (!t.exprs.length && bareName.test(t.text)) add(t.start, 'raw-table', t.text);
    t.exprs.forEach((e, k) => {
      if (tableExpr.test(e)) add(t.start, 'raw-interpolation', `\${${e.trim()}}`);
      // A table named at run time (`from ${sql.identifier(name)}`) may be any table, an owned one too.
      else if (/\b(?:from|join|update|into)\s+$/i.test(t.parts[k]!) && !/^\s*(?:fetch|move)\b/i.test(t.text) && /\bsql\.(?:identifier|raw)\(/.test(e))
        add(t.start, 'raw-dynamic', `\${${e.trim()}}`);
    });
  }
  return { findings, escapes: escapes.map((e) => ({ line: e.line, reason: e.reason })) };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return d.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the owner-scoping check', () => {
  it('finds a Drizzle query of an owned table outside the scope', () => {
    const { findings } = scanSource(`
      const rows = await db.select().from(entries).where(eq(entries.id, id));
      await tx
        .update(taxMonths)
        .set({ status });
      await this.db.delete(trips).where(eq(trips.id, id));
      await db.insert(attachments).values(row);
      const named = await db.select().from(categories).leftJoin(workers, eq(workers.id, categories.id));
      const r = await db.query.vehicles.findMany();
    `);
    expect(findings.map((f) => [f.line, f.rule])).toEqual([
      [2, 'builder'],
      [4, 'builder'],
      [6, 'builder'],
      [7, 'builder'],
      [8, 'builder'],
      [9, 'builder'],
    ]);
  });

  it('finds raw SQL that names an owned table, written out or interpolated into Drizzle’s sql', () => {
    const { findings } = scanSource(`
      await db.execute(sql\`select id from entries where owner_id = \${owner}\`);
      await db.execute(sql<number>\`select count(*) from "tax_months"\`);
      await client.query('delete from panel_items where key = $1', [key]);
      const used = sql\`select 1 from \${products} where \${products.providerId} = \${id}\`;
      const deep = sql\`select exists(\${sql\`select 1 from import_rules\`})\`;
      const TABLE = { workers: sql\`workers\` };
      await db.execute(sql\`select * from \${sql.identifier(name)} t where t.owner_id = \${owner}\`);
    `);
    expect(findings.map((f) => [f.line, f.rule])).toEqual([
      [2, 'raw-table'],
      [3, 'raw-table'],
      [6, 'raw-table'],
      [4, 'raw-table'],
      [5, 'raw-interpolation'],
      [7, 'raw-table'],
      [8, 'raw-dynamic'],
    ]);
  });

  it('lets scoped queries, comments, other tables and explained escapes pass, and lists the escapes', () => {
    const { findings, escapes } = scanSource(`
      // A comment may say .from(entries) or "select * from entries".
      /* So may a block: db.delete(trips) */
      const rows = await s.selectFrom(entries).where(eq(entries.id, id));
      const named = await s.selectFields(entries, { id: entries.id }).leftJoin(...s.join(workers, eq(workers.id, entries.workerId)));
      await s.updateSet(taxMonths, { status }).where(eq(taxMonths.year, year));
      const found = await s.sql\`select id from \${entries} e where e.amount > \${cents}\`;
      const users = await db.select().from(users).where(eq(users.id, id));
      const pattern = /from entries/;
      const all = await unscoped('administrators count the entries of every owner', () => db.select({ n: count() }).from(entries));
      const text = 'Moved to the trips';
    `);
    expect(findings).toEqual([]);
    expect(escapes).toEqual([{ line: 10, reason: 'administrators count the entries of every owner' }]);
  });

  it('knows every owned table: the scope’s list is every table with an owner_id', () => {
    expect(OWNED.map((t) => t.sql).sort()).toEqual(OWNED_TABLES.map((t) => getTableName(t)).sort());
    expect(OWNED.length).toBeGreaterThanOrEqual(15);
  });

  it('finds no unscoped query of an owned table in the server, and only the listed escapes', () => {
    const findings: string[] = [];
    const escapes: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file);
      if (rel === PRIMITIVE || rel.startsWith(`db${path.sep}schema${path.sep}`)) continue;
      const result = scanSource(readFileSync(file, 'utf8'));
      for (const f of result.findings) findings.push(`${rel}:${f.line} ${f.rule} ${f.text}`);
      for (const e of result.escapes) escapes.push(`${rel.split(path.sep).join('/')}: ${e.reason}`);
    }
    expect(findings).toEqual([]);
    // Queries that rightly cross owners, each with its reason. A new one is added here on purpose.
    expect(escapes.sort()).toEqual(
      [
        'modules/backup/backup.repository.ts: a backup carries the receipts, the files, the contact avatars, the product images, the note images and the mail attachments of every owner',
        'modules/planning/reminders.ts: the reminders of every owner fall due by the server clock',
        'modules/books/recurring.service.ts: the recurring templates of every owner fall due by the server clock',
        'modules/backup/backup.repository.ts: a backup counts the rows of every table',
        'modules/backup/backup.repository.ts: a backup reads every table whole',
        'modules/backup/backup.repository.ts: a restore empties every table it writes',
        'modules/backup/backup.repository.ts: a restore sets each sequence past the rows of every owner',
        'modules/backup/backup.repository.ts: a restore writes every table whole',
        'modules/chart/chart.repository.ts: a shared category is in use when the records of any owner name it',
        'modules/chart/chart.repository.ts: a shared subcategory is in use when an entry of any owner names it',
        'modules/chart/chart.repository.ts: an unused shared category is deleted with its subcategories',
        "modules/insights/insights.repository.ts: administrators count the changes recorded in every owner's books per day",
        'modules/jobs/jobs.repository.ts: at start, the interrupted jobs of every owner are marked failed',
      ].sort(),
    );
  });
});

describe('the owner scope', () => {
  const dialect = new PgDialect();
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';
  let database: Database;

  beforeAll(async () => {
    database = await openPglite({ migrate: true });
    await database.db.execute(sql`insert into plans (id, name, price_cents) values ('free', 'Free', 0) on conflict do nothing`);
    for (const id of [A, B]) {
      await database.db.execute(sql`insert into users (id, email, name, password_hash) values (${id}, ${`${id}@scope.test`}, 'Owner', 'x')`);
    }
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('adds the owner to every query it builds, whatever condition the caller adds', () => {
    const s = ownedBy(database.db, A);
    const select = s.selectFrom(schema.vehicles).where(eq(schema.vehicles.name, 'Van')).toSQL();
    expect(select.sql).toBe(
      'select "id", "owner_id", "name", "make", "model", "year", "plate", "initial_odometer", "active", "created_at", "updated_at" from "vehicles" where ("vehicles"."owner_id" = $1 and "vehicles"."name" = $2)',
    );
    expect(select.params).toEqual([A, 'Van']);
    expect(s.selectFrom(schema.vehicles).toSQL().sql).toMatch(/ where "vehicles"."owner_id" = \$1$/);
    expect(s.updateSet(schema.vehicles, { name: 'Car' }).toSQL().sql).toMatch(/ where "vehicles"."owner_id" = \$2$/);
    expect(s.deleteFrom(schema.vehicles).where(eq(schema.vehicles.id, B)).toSQL().sql).toBe(
      'delete from "vehicles" where ("vehicles"."owner_id" = $1 and "vehicles"."id" = $2)',
    );
    // An owner reads the shared chart's subcategories with their own; changes only their own.
    expect(s.selectFrom(schema.subcategories).toSQL().sql).toMatch(/where \("subcategories"."owner_id" is null or "subcategories"."owner_id" = \$1\)$/);
    expect(s.deleteFrom(schema.subcategories).toSQL().sql).toMatch(/where "subcategories"."owner_id" = \$1$/);
    expect(ownedBy(database.db, null).deleteFrom(schema.subcategories).toSQL().sql).toMatch(/where "subcategories"."owner_id" is null$/);
  });

  it('scopes raw SQL by table, keeping the query’s own alias or the table’s name', () => {
    const s = ownedBy(database.db, A);
    const aliased = dialect.sqlToQuery(s.sql`select e.id from ${schema.entries} e where e.amount > ${5}`);
    expect(aliased.sql).toBe('select e.id from (select * from "entries" where "entries"."owner_id" = $1) e where e.amount > $2');
    expect(aliased.params).toEqual([A, 5]);
    const named = dialect.sqlToQuery(s.sql`select ${schema.trips.date} from ${schema.trips} where ${schema.trips.miles} > 0`);
    expect(named.sql).toBe('select "trips"."date" from (select * from "trips" where "trips"."owner_id" = $1) as "trips" where "trips"."miles" > 0');
    expect(() => s.sql`delete from ${schema.trips}`).toThrow(/deleteFrom/);
  });

  it('reads and writes only its owner’s rows, on the database and inside a transaction', async () => {
    const a = ownedBy(database.db, A);
    await a.insertInto(schema.vehicles, { name: 'Van A' });
    await withTransaction(database.db, async (tx) => {
      await ownedBy(tx, B).insertInto(schema.vehicles, [{ name: 'Van B' }, { name: 'Truck B' }]);
    });
    expect((await a.selectFrom(schema.vehicles)).map((v) => [v.ownerId, v.name])).toEqual([[A, 'Van A']]);
    const b = ownedBy(database.db, B);
    expect(await b.selectFields(schema.vehicles, { n: sql<number>`count(*)` })).toEqual([{ n: 2 }]);
    // Another owner's row is not there to change or delete.
    const [vanB] = await b.selectFrom(schema.vehicles).where(eq(schema.vehicles.name, 'Van B'));
    expect(await a.updateSet(schema.vehicles, { name: 'Taken' }).where(eq(schema.vehicles.id, vanB!.id)).returning()).toEqual([]);
    expect(await a.deleteFrom(schema.vehicles).returning()).toHaveLength(1);
    const raw = await b.db.execute(b.sql`select count(*)::int as n from ${schema.vehicles} v where v.name like ${'%B'}`);
    expect((raw as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }]); // both drivers answer { rows }
    expect((await database.db.execute(sql`select count(*)::int as n from vehicles`)).rows).toEqual([{ n: 2 }]);
  });
});
