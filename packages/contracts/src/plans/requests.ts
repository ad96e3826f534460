import { z } from 'zod/mini';
import { text } from '../common/text.js';
import { ZPlanId } from '../common/user.js';

// Apart from plans.ts, whose FREE_PLAN every page's guard imports: these shapes load with the pages that use them.

/** GET /api/plans/trial, open to visitors: the days of the paid plan's trial a new account starts with (0: none). */
export const ZTrialOffer = z.object({ days: z.int().check(z.gte(0)) });
export type TrialOffer = z.infer<typeof ZTrialOffer>;

/**
 * An owner's request for a plan, made on the plans page. It reaches the administrators as a support
 * request (its id is the support request's) and is answered there, or by an administrator activating
 * a plan for the account: pending until then.
 */
export const PLAN_REQUEST_STATUSES = ['pending', 'answered', 'closed'] as const;
export const ZPlanRequest = z.object({
  id: z.string(),
  planId: z.string(),
  status: z.enum(PLAN_REQUEST_STATUSES),
  message: z.string(),
  answer: z.nullable(z.string()),
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
});
export type PlanRequest = z.infer<typeof ZPlanRequest>;
/** GET /api/plans/request: the signed-in owner's latest plan request, if any. */
export const ZPlanRequestState = z.object({ request: z.nullable(ZPlanRequest) });
export type PlanRequestState = z.infer<typeof ZPlanRequestState>;
/** POST /api/plans/request: the plan wanted, and a note for the administrators if the owner likes. */
export const ZPlanRequestBody = z.strictObject({ planId: ZPlanId, message: z.optional(text(2000, z.trim())) });
export type PlanRequestBody = z.infer<typeof ZPlanRequestBody>;
