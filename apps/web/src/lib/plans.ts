import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ZPlansResponse, type Plan, type PlansResponse } from '@cuadre/contracts';
import { api } from './api';

/** The plans on offer and whether this install takes payments (GET /api/plans). */
export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => api('plans', { schema: ZPlansResponse, signal }),
  staleTime: 5 * 60_000,
});

/**
 * A plan's texts in the active language: the seeded plans have translations under `plans.<id>`;
 * a plan an administrator added keeps the server's words.
 */
export function localizePlan(plan: Plan, t: TFunction): Plan {
  const features = t(`plans.${plan.id}.features`, { returnObjects: true, defaultValue: plan.features });
  return {
    ...plan,
    name: t(`plans.${plan.id}.name`, { defaultValue: plan.name }),
    description: t(`plans.${plan.id}.description`, { defaultValue: plan.description }),
    features: Array.isArray(features) ? (features as string[]) : plan.features,
  };
}

/** The plans, localized; re-localized when the language changes. */
export function usePlans() {
  const { t } = useTranslation();
  const select = useCallback((data: PlansResponse): PlansResponse => ({ ...data, items: data.items.map((p) => localizePlan(p, t)) }), [t]);
  return useQuery({ ...plansQuery, select });
}
