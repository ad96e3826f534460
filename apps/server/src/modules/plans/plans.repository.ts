import { asc, eq } from 'drizzle-orm';
import { FREE_PLAN, type Plan } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { plans } from '../../db/schema/index.js';

/** The plans on offer (the administrators' users screen reads them too, through this area's index). */
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
  async get(id: string) {
    const [row] = await this.db.select({ id: plans.id, name: plans.name, active: plans.active }).from(plans).where(eq(plans.id, id));
    return row;
  }
}
