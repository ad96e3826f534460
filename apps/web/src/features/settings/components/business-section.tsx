import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { MenuItem, Stack } from '@mui/material';
import { DEFAULT_CURRENCY, currencyCodes, type Settings } from '@cuadre/contracts';
import { FormFooter, FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { QueryView } from '@/components/page-states';
import { currentUserQuery } from '@/lib/queries';
import { saveSettings, settingsQuery } from '@/lib/settings';

interface BusinessValues {
  name: string;
  taxId: string;
  address: string;
  currency: string;
}

/** The currencies the runtime can format, the common ones first. */
function currencies(): string[] {
  const first = ['USD', 'EUR', 'MXN', 'TRY', 'GBP', 'CAD', 'COP', 'ARS', 'CLP', 'PEN', 'DOP', 'GTQ'];
  const all = currencyCodes();
  return [...first.filter((c) => all.includes(c)), ...all.filter((c) => !first.includes(c))];
}

const ZBusinessForm = z.object({
  name: z.string().check(z.maxLength(120)),
  taxId: z.string().check(z.maxLength(40)),
  address: z.string().check(z.maxLength(300)),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
});

/** The business whose books these are: its name, tax id, address, and the currency every amount is shown in. */
export function BusinessSection({ onSaved }: { onSaved: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery(settingsQuery);
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'currency' }), [i18n.language]);
  const options = useMemo(currencies, []);
  const initial = (): BusinessValues => ({
    name: settings.data?.business.name ?? '',
    taxId: settings.data?.business.taxId ?? '',
    address: settings.data?.business.address ?? '',
    currency: settings.data?.business.currency ?? DEFAULT_CURRENCY,
  });
  const { form, onSubmit, formError, pending, leaveDialog } = useAppForm<BusinessValues>(ZBusinessForm, {
    defaultValues: initial(),
    submit: (v) =>
      saveSettings({ business: { name: v.name.trim() || null, taxId: v.taxId.trim() || null, address: v.address.trim() || null, currency: v.currency } }),
    fieldOf: (path) => path.replace(/^business\./, ''),
    onSuccess: (saved) => {
      qc.setQueryData(settingsQuery.queryKey, saved as Settings); // Settings: what saveSettings parsed with its contract
      // The business name is the account's company, which the shell shows.
      void qc.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      onSaved(t('settings.business.saved'));
    },
  });
  const { control, reset, formState } = form;
  // The server's values arrive (or change) after the form: an untouched form follows them.
  const follow = useEffectEvent(() => {
    if (!form.formState.isDirty) reset(initial());
  });
  useEffect(() => {
    if (settings.data) follow();
  }, [settings.data]);

  return (
    <QueryView query={settings}>
      {() => {
        return (
          <form onSubmit={onSubmit} noValidate>
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              <FormTextField control={control} name="name" label={t('settings.business.name')} fullWidth />
              <FormTextField control={control} name="taxId" label={t('settings.business.taxId')} fullWidth />
              <FormTextField control={control} name="address" label={t('settings.business.address')} fullWidth multiline minRows={2} />
              <FormTextField
                control={control}
                name="currency"
                select
                label={t('settings.business.currency')}
                helperText={t('settings.business.currencyHint')}
                fullWidth
              >
                {options.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c} — {names.of(c) ?? c}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormFooter formError={formError} pending={pending} disabled={!formState.isDirty} submitLabel={t('common.save')} />
            </Stack>
            {leaveDialog}
          </form>
        );
      }}
    </QueryView>
  );
}
