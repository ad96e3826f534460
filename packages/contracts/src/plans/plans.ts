import { z } from 'zod/mini';

export { FREE_PLAN } from '../common/values.js';

export const ZPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.int().check(z.gte(0)),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
  isFree: z.boolean(),
});
export type Plan = z.infer<typeof ZPlan>;

export const ZPlansResponse = z.object({
  items: z.array(ZPlan),
  /** True when a payment provider is configured; otherwise an administrator activates plans. */
  checkoutAvailable: z.boolean(),
});
export type PlansResponse = z.infer<typeof ZPlansResponse>;
