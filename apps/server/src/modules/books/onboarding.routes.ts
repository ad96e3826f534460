import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOnboarding } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import type { OnboardingService } from './onboarding.service.js';
import { bookErrors } from '../../lib/errors.js';

/** `GET /api/onboarding`: the first-run checklist's steps. Put away through the settings' preferences. */
export function onboardingRoutes(app: FastifyInstance, onboarding: OnboardingService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/onboarding',
    {
      onRequest: guards.requireBooks,
      // Kept per owner until they write anything (a settings change too), like the hub's other reads.
      ...cachedRead,
      schema: {
        tags: ['onboarding'],
        summary: "A new owner's first steps (business name, income, expense with receipt, vehicle, month closed), each done or not",
        response: { 200: ZOnboarding, ...bookErrors },
      },
    },
    (req) => onboarding.get(authOf(req)),
  );
}
