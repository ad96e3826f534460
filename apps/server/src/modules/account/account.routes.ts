import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZDeleteAccountBody, ZMfaCodeQuery, ZOk } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { JobHandler } from '../jobs/index.js';
import type { AccountService } from './account.service.js';
import type { AuthService } from '../auth/index.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };

export function accountRoutes(app: FastifyInstance, deps: { account: AccountService; exportAll: JobHandler; auth: AuthService }, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  r.get(
    '/api/account/export',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Everything the signed-in user has: a ZIP of JSON and CSV with the receipts',
        description: 'With two-step sign-in on, `?code=` too (it is a backup of the account): 403 MFA_REQUIRED without it, 400 MFA_INVALID when wrong or used.',
        produces: ['application/zip'],
        querystring: ZMfaCodeQuery,
        response: { ...errors },
      },
    },
    async (req, reply) => {
      await deps.auth.mfa.requireCode(authOf(req).user, req.query.code, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      const dir = await mkdtemp(path.join(tmpdir(), 'cuadre-export-'));
      const file = path.join(dir, 'export.zip');
      try {
        const { fileName } = await deps.exportAll({ auth: authOf(req), params: {}, input: undefined, file, progress: async () => undefined });
        const stream = createReadStream(file);
        stream.once('close', () => void rm(dir, { recursive: true, force: true }));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(stream as never); // never: a file stream; the route's schemas describe only the JSON errors
      } catch (err) {
        await rm(dir, { recursive: true, force: true });
        throw err;
      }
    },
  );
  r.delete(
    '/api/account',
    {
      onRequest: guards.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Delete the account, its records and its files (confirmed with the password)',
        description: 'With two-step sign-in on, `code` too: 403 MFA_REQUIRED without it, 400 MFA_INVALID when wrong or used.',
        body: ZDeleteAccountBody,
        response: { 200: ZOk, ...errors },
      },
    },
    (req) => deps.account.remove(authOf(req), req.body.password, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }, req.body.code),
  );
}
