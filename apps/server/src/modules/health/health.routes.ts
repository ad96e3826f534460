import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { ErrorCode } from '@cuadre/contracts';
import type { Database } from '../../db/client.js';
import { runWithDeadline } from '../../db/deadlines.js';
import { RETRY_AFTER_SECONDS, type OutageLog } from '../../lib/outage.js';
import type { DiskWatch } from '../../lib/disk-watch.js';

/** Under the 2 s a balancer's probe may wait, with room for the answer. */
const READY_TIMEOUT_MS = 1_500;
const ZState = z.enum(['ok', 'down', 'not configured']);
const ZReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: ZState,
  redis: ZState,
  /** 'full' while writes are refused for want of room (lib/disk-watch.ts); reads go on meanwhile. */
  disk: z.enum(['ok', 'full']),
  /** On 503, in the error shape every client reads. */
  statusCode: z.optional(z.literal(503)),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});

/** Resolves true when `check` answers within the timeout, false when it fails or hangs. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/api/health`: the process answers, whatever its dependencies do, so an orchestrator
 * never restarts it for an outage it will ride out) and readiness (`/api/health/ready`: the database,
 * and Redis when configured, answer within 1.5 s, so a load balancer sends no traffic meanwhile; and
 * after a write found the disk full, until there is room again: `disk: 'full'`, README "Operations").
 */
export function healthRoutes(app: FastifyInstance, database: Database, redis: Redis | undefined, outages: OutageLog, disk: DiskWatch) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => ({ status: 'ok' as const, database: database.kind }),
  );
  r.get(
    '/api/health/ready',
    { schema: { tags: ['health'], summary: 'Readiness: the database and Redis answer', security: [], response: { 200: ZReady, 503: ZReady } } },
    async (_req, reply) => {
      const [db, cache] = await Promise.all([
        answers(() => runWithDeadline(READY_TIMEOUT_MS, () => database.ping())),
        redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
      ]);
      if (db) outages.back('database');
      else outages.lost('database', 'readiness check failed');
      if (cache === true) outages.back('redis');
      // The disk is looked at only while it is known to be full (a write found no room), and only with the database there.
      const room = db ? await runWithDeadline(READY_TIMEOUT_MS, () => disk.check()) : disk.isFull ? 'full' : 'ok';
      const body = { database: db ? 'ok' : 'down', redis: cache === undefined ? 'not configured' : cache ? 'ok' : 'down', disk: room } as const;
      if (db && cache !== false && room === 'ok') return { status: 'ok' as const, ...body };
      const down = [!db && 'the database', cache === false && 'Redis'].filter(Boolean).join(' and ');
      const why = [down && `${down} cannot be reached`, room === 'full' && "the server's disk is full"].filter(Boolean).join('; ');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable' as const,
          ...body,
          statusCode: 503 as const,
          code: ErrorCode.SERVICE_UNAVAILABLE,
          message: `Not ready: ${why}`,
        });
    },
  );
}
