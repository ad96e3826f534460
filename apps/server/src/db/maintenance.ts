import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';

/** How often the embedded database is looked after (PostgreSQL's autovacuum wakes every minute; PGlite has none). */
export const EMBEDDED_MAINTENANCE_MS = 5 * 60_000;

interface TableStats {
  name: string;
  live: number;
  dead: number;
  inserted: number;
  modified: number;
}

/**
 * PGlite runs no autovacuum: without it a table keeps its dead rows, its visibility map is never set (so an
 * index-only scan, such as a deep page's, ADR 016, reads every row from the table as well), and its
 * statistics stay those of the last ANALYZE. This does autovacuum's work on the tables autovacuum would
 * pick, with PostgreSQL's default thresholds (dead rows over 50 + 20 %, rows inserted since the last vacuum
 * over 1,000 + 20 %, rows changed since the last analyze over 50 + 10 %). A table that did not change costs
 * one row of the statistics view. Returns what it did, e.g. ["vacuum (analyze) entries"].
 */
export async function maintainEmbedded(db: Db): Promise<string[]> {
  // The counters of this session's last writes, made visible now rather than within the next second.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await queryRows<TableStats>(
    db,
    sql`select relname as name, n_live_tup::int as live, n_dead_tup::int as dead, n_ins_since_vacuum::int as inserted,
      n_mod_since_analyze::int as modified from pg_stat_user_tables where schemaname = 'public' order by relname`,
  );
  const done: string[] = [];
  for (const t of tables) {
    const vacuum = t.dead > 50 + 0.2 * t.live || t.inserted > 1000 + 0.2 * t.live;
    const analyze = t.modified > 50 + 0.1 * t.live;
    if (!vacuum && !analyze) continue;
    const command = vacuum ? (analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    await db.execute(sql`${sql.raw(command)} ${sql.identifier(t.name)}`);
    done.push(`${command} ${t.name}`);
  }
  return done;
}
