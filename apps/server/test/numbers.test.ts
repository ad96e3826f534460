import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const one = async (query: ReturnType<typeof sql>) => {
  const result = (await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0]!;
};

describe('numbers from the database (PGlite and PostgreSQL alike)', () => {
  it('count(*) and sum() of bigint come back as exact JavaScript numbers, not strings', async () => {
    const row = await one(sql`select count(*) as n, sum(x) as total from (values (1999::bigint), (1::bigint), (100000000000::bigint)) t(x)`);
    expect(row).toEqual({ n: 3, total: 100_000_002_000 });
  });

  it('a thousand random amounts in cents add up to the cent', async () => {
    const amounts = Array.from({ length: 1000 }, (_, i) => ((i * 7_919_993) % 99_999_999_999) + 1);
    const values = sql.join(
      amounts.map((a) => sql`(${a}::bigint)`),
      sql`, `,
    );
    const row = await one(sql`select sum(x) as total from (values ${values}) t(x)`);
    expect(row.total).toBe(amounts.reduce((a, b) => a + b, 0));
  });

  it('the largest exact integer passes; one beyond it is refused, never rounded', async () => {
    expect((await one(sql`select 9007199254740991::bigint as n`)).n).toBe(Number.MAX_SAFE_INTEGER);
    const err = await one(sql`select sum(x) as n from (values (9007199254740991::bigint), (2::bigint)) t(x)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    // The driver's error, wrapped by Drizzle with the query.
    const messages: string[] = [];
    for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) messages.push(String(e.message));
    expect(messages.join(' / ')).toMatch(/9007199254740993 is beyond what can be represented exactly/);
  });

  it('a numeric with a fraction is a plain number', async () => {
    expect((await one(sql`select round(1::numeric / 8, 4) as r`)).r).toBe(0.125);
  });
});
