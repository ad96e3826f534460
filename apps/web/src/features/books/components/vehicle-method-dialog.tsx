import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  Alert,
  CircularProgress,
  DialogContent,
  FormControlLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Vehicle, VehicleMethod, VehicleMethodBody } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import type { AppForm } from '@/components/form/use-app-form';
import { useNotices } from '@/components/notice';
import { numberFormat } from '@/lib/intl';
import { decimalText, numberText } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { booksKeys, saveVehicleMethod, vehicleMethodQuery } from '../api/books-api';

interface MethodValues {
  method: 'standard' | 'actual';
  by: 'odometer' | 'miles';
  odometerStart: string;
  odometerEnd: string;
  totalMiles: string;
}

const tenths = z.string().check(z.refine((v) => v.trim() === '' || decimalText(v, 1) !== undefined, { params: { i18n: 'books.validation.decimal1' } }));
const ZMethodForm = z.object({
  method: z.enum(['standard', 'actual']),
  by: z.enum(['odometer', 'miles']),
  odometerStart: tenths,
  odometerEnd: tenths,
  totalMiles: tenths,
});

const toBody = (v: MethodValues): VehicleMethodBody =>
  v.by === 'odometer'
    ? { method: v.method, odometerStart: decimalText(v.odometerStart, 1) ?? null, odometerEnd: decimalText(v.odometerEnd, 1) ?? null, totalMiles: null }
    : { method: v.method, odometerStart: null, odometerEnd: null, totalMiles: decimalText(v.totalMiles, 1) ?? null };

/**
 * A vehicle's method for a tax year (docs/product.md, "Vehicle methods"): standard mileage or actual
 * expenses, with the year's odometer readings or miles for the business share. The server refuses
 * actual expenses without them, and any change once the year is closed.
 */
export function VehicleMethodDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { done, view } = useNotices();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const method = useQuery({ ...vehicleMethodQuery(vehicle?.id ?? '', year), enabled: !!vehicle });
  const close = () => {
    setYear(thisYear);
    onClose();
  };
  const years = Array.from({ length: 6 }, (_, i) => thisYear + 1 - i);
  const m = method.data;

  return (
    <>
      <FormDialog<MethodValues, VehicleMethod>
        open={!!vehicle}
        title={t('books.vehicleMethods.title', { name: vehicle?.name ?? '' })}
        onClose={close}
        schema={ZMethodForm}
        defaultValues={() => ({
          method: m?.method ?? 'standard',
          by: m && m.odometerStart === null && m.totalMiles !== null ? 'miles' : 'odometer',
          odometerStart: numberText(m?.odometerStart, 1),
          odometerEnd: numberText(m?.odometerEnd, 1),
          totalMiles: numberText(m?.totalMiles, 1),
        })}
        // Another year, or the year's answer arriving: the form starts from it.
        resetKey={`${vehicle?.id}-${year}-${method.dataUpdatedAt}`}
        saveDisabled={!m || m.closed}
        submit={(v) => saveVehicleMethod(vehicle!.id, year, toBody(v))}
        onSuccess={(saved) => {
          void qc.invalidateQueries({ queryKey: booksKeys.all });
          done(t('books.vehicleMethods.saved', { name: saved.vehicleName, year: saved.year, method: t(`books.vehicleMethods.${saved.method}`) }));
          close();
        }}
        instead={
          method.isPending ? (
            <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label={t('common.loading')} />
            </DialogContent>
          ) : undefined
        }
      >
        {(app) => <MethodFields app={app} year={year} years={years} onYear={setYear} m={m} />}
      </FormDialog>
      {view}
    </>
  );
}

function MethodFields({
  app,
  year,
  years,
  onYear,
  m,
}: {
  app: AppForm<MethodValues>;
  year: number;
  years: number[];
  onYear: (y: number) => void;
  m: VehicleMethod | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const { control, watch, setValue, formState } = app.form;
  const chosen = watch('method');
  const by = watch('by');
  const miles = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const half = { xs: 12, sm: 6 } as const;
  const disabled = !!m?.closed;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('books.vehicleMethods.intro')}
      </Typography>
      <TextField select label={t('books.vehicleMethods.year')} value={year} onChange={(e) => onYear(Number(e.target.value))} sx={{ maxWidth: 200 }}>
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      {m?.closed && (
        <Alert severity="info" role="status">
          {t('books.vehicleMethods.closed', { year })}
        </Alert>
      )}
      <RadioGroup
        aria-label={t('books.vehicleMethods.method')}
        value={chosen}
        onChange={(_e, v) => setValue('method', v as MethodValues['method'], { shouldDirty: true })}
      >
        <FormControlLabel value="standard" disabled={disabled} control={<Radio />} label={t('books.vehicleMethods.standard')} />
        <Typography variant="caption" sx={{ color: 'text.secondary', pl: 4, mt: -0.5 }}>
          {t('books.vehicleMethods.standardHelp')}
        </Typography>
        <FormControlLabel value="actual" disabled={disabled} control={<Radio />} label={t('books.vehicleMethods.actual')} />
        <Typography variant="caption" sx={{ color: 'text.secondary', pl: 4, mt: -0.5 }}>
          {t('books.vehicleMethods.actualHelp')}
        </Typography>
      </RadioGroup>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={by}
        disabled={disabled}
        onChange={(_e, v: MethodValues['by'] | null) => v && setValue('by', v, { shouldDirty: true })}
        aria-label={t('books.vehicleMethods.by')}
      >
        <ToggleButton value="odometer">{t('books.vehicleMethods.byOdometer')}</ToggleButton>
        <ToggleButton value="miles">{t('books.vehicleMethods.byMiles')}</ToggleButton>
      </ToggleButtonGroup>
      <Grid container spacing={2}>
        {by === 'odometer' ? (
          <>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="odometerStart"
                label={t('books.vehicleMethods.odometerStart')}
                fullWidth
                required={chosen === 'actual'}
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="odometerEnd"
                label={t('books.vehicleMethods.odometerEnd')}
                fullWidth
                required={chosen === 'actual'}
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
          </>
        ) : (
          <Grid size={half}>
            <FormTextField
              control={control}
              name="totalMiles"
              label={t('books.vehicleMethods.totalMiles')}
              fullWidth
              required={chosen === 'actual'}
              disabled={disabled}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
        )}
      </Grid>
      {/* The server speaks of the year's miles; by odometer they are the two readings' difference. */}
      {by === 'odometer' && formState.errors.totalMiles && (
        <Alert severity="error" role="alert">
          {formState.errors.totalMiles.message}
        </Alert>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('books.vehicleMethods.readingsHelp')}
      </Typography>
      {m && (
        <Stack spacing={0.5} aria-live="polite">
          <Typography variant="body2">
            {t('books.vehicleMethods.businessMiles', { miles: miles.format(m.businessMiles), deduction: money(m.mileageDeduction) })}
          </Typography>
          {m.businessShare !== null && <Typography variant="body2">{t('books.vehicleMethods.share', { share: percent.format(m.businessShare) })}</Typography>}
          <Typography variant="body2">{t('books.vehicleMethods.expenses', { amount: money(m.expenses) })}</Typography>
        </Stack>
      )}
    </Stack>
  );
}
