import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminCreateUserBody,
  ZAdminStats,
  ZAdminUpdateUserBody,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserQuery,
  ZApiError,
  ZIdParam,
  ZOk,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { AdminService } from './admin.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

export function adminRoutes(app: FastifyInstance, admin: AdminService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireAdmin };
  const tags = ['admin'];

  r.get(
    '/api/admin/users',
    {
      ...opts,
      schema: {
        tags,
        summary: 'List users: search, filter by role, plan and status, sort, page',
        querystring: ZAdminUserQuery,
        response: { 200: ZAdminUserList, ...errors },
      },
    },
    (req) => admin.list(req.query),
  );
  r.post(
    '/api/admin/users',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Create a confirmed user (without a password, they get a reset mail)',
        body: ZAdminCreateUserBody,
        response: { 201: ZAdminUser, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await admin.create(req.body)),
  );
  r.get('/api/admin/users/:id', { ...opts, schema: { tags, summary: 'One user', params: ZIdParam, response: { 200: ZAdminUser, ...errors } } }, (req) =>
    admin.get(req.params.id),
  );
  r.patch(
    '/api/admin/users/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Change the name, role, plan or status of a user',
        params: ZIdParam,
        body: ZAdminUpdateUserBody,
        response: { 200: ZAdminUser, ...errors },
      },
    },
    (req) => admin.update(authOf(req), req.params.id, req.body),
  );
  r.post(
    '/api/admin/users/:id/disable',
    {
      ...opts,
      schema: { tags, summary: 'Disable a user: their sessions and mail links end at once', params: ZIdParam, response: { 200: ZAdminUser, ...errors } },
    },
    (req) => admin.update(authOf(req), req.params.id, { status: 'disabled' }),
  );
  r.post(
    '/api/admin/users/:id/send-reset',
    { ...opts, schema: { tags, summary: 'Mail a user a password reset link', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => admin.sendReset(req.params.id),
  );
  r.post(
    '/api/admin/users/:id/mfa-reset',
    {
      ...opts,
      schema: {
        tags,
        summary: "Turn off another user's two-step sign-in (audited; the user is told by mail)",
        description: '409 CONFLICT when it is not on; 403 for your own (turn it off in your settings).',
        params: ZIdParam,
        response: { 200: ZAdminUser, ...errors },
      },
    },
    (req) => admin.resetMfa(authOf(req), req.params.id),
  );
  r.get(
    '/api/admin/stats',
    {
      ...opts,
      schema: { tags, summary: 'Users by plan and status, sign-ups per month, the active and the newest', response: { 200: ZAdminStats, ...errors } },
    },
    () => admin.stats(),
  );
}
