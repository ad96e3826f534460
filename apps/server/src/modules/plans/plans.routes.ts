import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZPlanRequest, ZPlanRequestBody, ZPlanRequestState, ZPlansResponse, ZTrialOffer } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PlanRequestsService } from './plan-requests.service.js';
import type { PlansRepository } from './plans.repository.js';

export function plansRoutes(
  app: FastifyInstance,
  repo: PlansRepository,
  requests: PlanRequestsService,
  guards: Guards,
  opts: { trialDays: number; ipLimit: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];
  r.get(
    '/api/plans',
    {
      onRequest: guards.requireUser,
      schema: { tags, summary: 'The plans, with their prices and features', response: { 200: ZPlansResponse, 401: ZApiError } },
    },
    // No payment provider is wired in yet: plans are activated by an administrator.
    async () => ({ items: await repo.active(), checkoutAvailable: false }),
  );
  // Open to visitors (limited per address as the sign-up itself is): the home and sign-up pages say what a new account gets.
  r.get(
    '/api/plans/trial',
    {
      config: { rateLimit: { max: opts.ipLimit, timeWindow: '1 minute' } },
      schema: { tags, summary: "The days of the paid plan's trial a new account starts with (0: none)", response: { 200: ZTrialOffer, 429: ZApiError } },
    },
    () => ({ days: opts.trialDays }),
  );
  const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError };
  r.get(
    '/api/plans/request',
    {
      onRequest: guards.requireUser,
      schema: { tags, summary: 'My newest plan request and its state (pending, answered, closed), or null', response: { 200: ZPlanRequestState, ...errors } },
    },
    async (req) => ({ request: await requests.latest(authOf(req)) }),
  );
  r.post(
    '/api/plans/request',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Ask the administrators for a paid plan: a support request and a notification to each of them; one waits at a time',
        body: ZPlanRequestBody,
        response: { 201: ZPlanRequest, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await requests.request(authOf(req), req.body)),
  );
}
