import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZActivitiesQuery, ZActivityList, ZAnalytics, ZApiError, ZCrypto } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { InsightsService } from './insights.service.js';

const errors = { 400: ZApiError, 401: ZApiError };

/** Spec 001 §7 "Dashboards, activities": the analytics and crypto dashboards and the activities feed. Signed-in users, any plan. */
export function insightsRoutes(app: FastifyInstance, insights: InsightsService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };

  r.get(
    '/api/dashboards/analytics',
    {
      ...opts,
      schema: {
        tags: ['dashboards'],
        summary: "Analytics: an administrator's view of the service, an owner's of their own use, over the last 30 days (UTC)",
        description:
          'Counts from the service’s own records (sessions, sign-ups, the audit trail, preferences), by UTC day. `gender` and `age` are ' +
          'never asked for, so they answer `known: false` with no labels and no counts. See the `Analytics` schema for what each figure counts in each scope.',
        response: { 200: ZAnalytics, ...errors },
      },
    },
    (req) => insights.analytics(authOf(req)),
  );
  r.get(
    '/api/dashboards/crypto',
    {
      ...opts,
      schema: {
        tags: ['dashboards'],
        summary: 'Crypto: sample data made on the server (never fetched), the same for a given minute',
        response: { 200: ZCrypto, ...errors },
      },
    },
    () => insights.crypto(),
  );
  r.get(
    '/api/pages/activities',
    {
      ...opts,
      schema: {
        tags: ['activities'],
        summary: 'My account’s history, newest first, a page at a time',
        description:
          'The spec’s activity items (plus `kind`), paged with `page` and `size` (10, 25 or 50) and answered as `{ items, pagination }`. ' +
          'Entries made, changed and deleted, months closed and reopened, imports and exports, the first sign-in from each browser, support answers. ' +
          '`description` is HTML whose only markup is `<strong>`; text users wrote is escaped in it.',
        querystring: ZActivitiesQuery,
        response: { 200: ZActivityList, ...errors },
      },
    },
    (req) => insights.activities(authOf(req), req.query),
  );
}
