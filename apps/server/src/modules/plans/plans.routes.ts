import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { FREE_PLAN, ZApiError, ZPlansResponse, type Plan } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { plans } from '../../db/schema/index.js';
import type { Guards } from '../../plugins/auth.js';

export class PlansRepository {
  constructor(private readonly db: Db) {}
  async active(): Promise<Plan[]> {
    const rows = await this.db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder));
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      interval: p.interval,
      features: p.features,
      isFree: p.id === FREE_PLAN,
    }));
  }
  async exists(id: string) {
    const [row] = await this.db.select({ id: plans.id }).from(plans).where(eq(plans.id, id));
    return !!row;
  }
}

export function plansRoutes(app: FastifyInstance, repo: PlansRepository, guards: Guards) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/plans',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['plans'], summary: 'The plans, with their prices and features', response: { 200: ZPlansResponse, 401: ZApiError } },
    },
    // No payment provider is wired in yet: plans are activated by an administrator.
    async () => ({ items: await repo.active(), checkoutAvailable: false }),
  );
}
