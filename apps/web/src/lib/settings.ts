import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, ZSettings, type SettingsPatch } from '@cuadre/contracts';
import { api } from './api';
import { formatMoney } from './money';

/** The business section and preferences (`/api/settings`); the currency every amount is shown in. */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: ({ signal }) => api('settings', { schema: ZSettings, signal }),
  staleTime: 60_000,
});

export const saveSettings = (body: SettingsPatch) => api('settings', { method: 'PATCH', body, schema: ZSettings });

/** Formats integer cents in the active language and the business's currency. */
export function useMoney() {
  const { i18n } = useTranslation();
  const currency = useQuery(settingsQuery).data?.business.currency ?? DEFAULT_CURRENCY;
  const money = useCallback((cents: number) => formatMoney(cents, i18n.language, currency), [i18n.language, currency]);
  return { money, currency };
}
