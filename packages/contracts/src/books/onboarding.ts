import { z } from 'zod/mini';

/**
 * A new owner's first steps, in the order the hub's checklist shows them: the business's name in
 * the settings, a first income, an expense (any outflow) with a receipt, a vehicle, a month closed.
 */
export const ONBOARDING_STEPS = ['business', 'income', 'expenseReceipt', 'vehicle', 'monthClosed'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** `GET /api/onboarding`: each step done or not, from the owner's own records; `dismissed` from the preferences. */
export const ZOnboarding = z.object({
  steps: z.object({
    business: z.boolean(),
    income: z.boolean(),
    expenseReceipt: z.boolean(),
    vehicle: z.boolean(),
    monthClosed: z.boolean(),
  }),
  /** The owner put the checklist away (`PATCH /api/settings` with `preferences.onboardingDismissed`). */
  dismissed: z.boolean(),
});
export type Onboarding = z.infer<typeof ZOnboarding>;
