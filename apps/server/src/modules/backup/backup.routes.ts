import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZMfaCodeQuery } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { Database } from '../../db/client.js';
import { runWithoutDeadline } from '../../db/deadlines.js';
import type { AuthService } from '../auth/index.js';
import { archiveStream, summarize, takeSnapshot } from './backup.service.js';

export function backupRoutes(app: FastifyInstance, database: Database, dataDir: string, guards: Guards, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/backup',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Download a backup of the whole instance (.tar.gz: manifest, every table as JSON lines, the stored files)',
        description: 'With two-step sign-in on, `?code=` too: 403 MFA_REQUIRED without it, 400 MFA_INVALID when wrong or used.',
        produces: ['application/gzip'],
        querystring: ZMfaCodeQuery,
        response: { 400: ZApiError, 401: ZApiError, 403: ZApiError, 429: ZApiError },
      },
    },
    async (req, reply) => {
      await auth.mfa.requireCode(authOf(req).user, req.query.code, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      const started = performance.now();
      // The answer starts at once and the archive follows once the snapshot is taken: a large
      // instance's snapshot takes minutes, longer than clients wait for headers.
      const body = new PassThrough();
      let bytes = 0;
      // The snapshot outlives the request's database deadline (db/deadlines.ts): minutes on a large instance.
      void runWithoutDeadline(async () => {
        const snapshot = await takeSnapshot(database, dataDir);
        const stream = archiveStream(snapshot);
        stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
        stream.once('end', () => {
          req.log.info({ by: authOf(req).user.id, ...summarize(snapshot, bytes), ms: Math.round(performance.now() - started) }, 'backup downloaded');
        });
        stream.once('error', (err) => {
          req.log.error({ err }, 'backup failed while streaming');
          body.destroy(err);
        });
        stream.pipe(body);
      }).catch((err: unknown) => {
        // The headers are gone already: the client sees the transfer cut, never a partial archive that looks whole.
        req.log.error({ err }, 'backup failed');
        body.destroy(err as Error);
      });
      // Node holds the headers until the first byte of the body; send them as soon as the body is piped.
      reply.raw.once('pipe', () => reply.raw.flushHeaders());
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="cuadre-backup-${stamp}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(body as never); // never: an archive stream; the typed schema describes the errors' JSON
    },
  );
}
