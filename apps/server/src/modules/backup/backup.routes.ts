import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { Database } from '../../db/client.js';
import { archiveStream, summarize, takeSnapshot } from './backup.service.js';

export function backupRoutes(app: FastifyInstance, database: Database, dataDir: string, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/backup',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Download a backup of the whole instance (.tar.gz: manifest, every table as JSON lines, the stored files)',
        produces: ['application/gzip'],
        response: { 401: ZApiError, 403: ZApiError },
      },
    },
    async (req, reply) => {
      const started = performance.now();
      const snapshot = await takeSnapshot(database, dataDir);
      const stream = archiveStream(snapshot);
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.once('end', () => {
        const s = summarize(snapshot, bytes);
        req.log.info({ by: authOf(req).user.id, ...s, ms: Math.round(performance.now() - started) }, 'backup downloaded');
      });
      stream.once('error', (err) => req.log.error({ err }, 'backup failed while streaming'));
      const stamp = snapshot.manifest.createdAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="cuadre-backup-${stamp}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(stream as never); // never: an archive stream; the typed schema describes the errors' JSON
    },
  );
}
