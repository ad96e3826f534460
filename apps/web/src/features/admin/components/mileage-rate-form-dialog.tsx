import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { isRealDate, type MileageRate } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { decimalText, numberText } from '@/lib/money';
import { saveMileageRate } from '../api/chart-api';

interface RateValues {
  effectiveFrom: string;
  centsPerMile: string;
}

const ZRateForm = z.object({
  effectiveFrom: z.string().check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { params: { i18n: 'books.validation.date' } })),
  centsPerMile: z.string().check(z.refine((v) => Number(decimalText(v, 1) ?? 0) > 0, { params: { i18n: 'chart.rates.invalid' } })),
});

/** A mileage rate, new or changed: the day it applies from and its cents per mile. */
export function MileageRateFormDialog({ open, rate, onClose, onSaved }: { open: boolean; rate?: MileageRate; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<RateValues>
      open={open}
      title={rate ? t('chart.rates.edit') : t('chart.rates.new')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZRateForm}
      defaultValues={() => ({ effectiveFrom: rate?.effectiveFrom ?? '', centsPerMile: numberText(rate?.centsPerMile, 1) })}
      resetKey={rate?.id ?? 'new'}
      submit={(v) => saveMileageRate(rate?.id, { effectiveFrom: v.effectiveFrom, centsPerMile: decimalText(v.centsPerMile, 1)! })}
      onSuccess={onSaved}
    >
      {({ form }) => (
        <>
          <FormTextField
            control={form.control}
            name="effectiveFrom"
            type="date"
            label={t('chart.rates.from')}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={form.control}
            name="centsPerMile"
            label={t('chart.rates.rate')}
            required
            fullWidth
            helperText={t('chart.rates.rateHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </>
      )}
    </FormDialog>
  );
}
