import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, CircularProgress, DialogContent, Grid, MenuItem, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { isRealDate, type Trip, type TripBody, type Vehicle } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import type { AppForm } from '@/components/form/use-app-form';
import { activeRecordsQuery, booksKeys, createTrip, updateTrip } from '../api/books-api';
import { decimalText, numberText } from '@/lib/money';
import { RecordQuickForm } from './record-quick-form';

interface TripValues {
  vehicleId: string;
  date: string;
  by: 'miles' | 'odometer';
  miles: string;
  odometerStart: string;
  odometerEnd: string;
  purpose: string;
  origin: string;
  destination: string;
}

const tenths = (key: string) => z.string().check(z.refine((v) => v.trim() === '' || decimalText(v, 1) !== undefined, { params: { i18n: key } }));
const ZTripForm = z.object({
  vehicleId: z.string().check(z.minLength(1)),
  date: z.string().check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { params: { i18n: 'books.validation.date' } })),
  by: z.enum(['miles', 'odometer']),
  miles: tenths('books.validation.decimal1'),
  odometerStart: tenths('books.validation.decimal1'),
  odometerEnd: tenths('books.validation.decimal1'),
  purpose: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  origin: z.string().check(z.maxLength(200)),
  destination: z.string().check(z.maxLength(200)),
});

const toBody = (v: TripValues): TripBody => ({
  vehicleId: v.vehicleId,
  date: v.date,
  purpose: v.purpose.trim(),
  origin: v.origin.trim() || null,
  destination: v.destination.trim() || null,
  ...(v.by === 'odometer'
    ? { odometerStart: decimalText(v.odometerStart, 1) ?? null, odometerEnd: decimalText(v.odometerEnd, 1) ?? null, miles: null }
    : { miles: decimalText(v.miles, 1) ?? null, odometerStart: null, odometerEnd: null }),
});

/**
 * A trip, by miles or by odometer; the IRS asks for the date, the business purpose and the miles.
 * An owner without a vehicle adds one here first, and the trip form follows with it chosen.
 */
export function TripFormDialog({ open, trip, defaultDate, onClose }: { open: boolean; trip?: Trip; defaultDate: string; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const vehicles = useQuery({ ...activeRecordsQuery('vehicles'), enabled: open });
  // The vehicle just added here: chosen, and listed before the registry's list is read again; forgotten on closing.
  const [added, setAdded] = useState<Vehicle | null>(null);
  const close = () => {
    setAdded(null);
    onClose();
  };
  const needsVehicle = !trip && !added && vehicles.data?.items.length === 0;

  return (
    <FormDialog<TripValues>
      open={open}
      title={trip ? t('books.trips.edit') : t('books.trips.new')}
      onClose={close}
      schema={ZTripForm}
      defaultValues={() => ({
        vehicleId: trip?.vehicleId ?? vehicles.data?.items[0]?.id ?? '',
        date: trip?.date ?? defaultDate,
        by: trip?.odometerStart !== null && trip?.odometerStart !== undefined ? 'odometer' : 'miles',
        miles: numberText(trip?.miles, 1),
        odometerStart: numberText(trip?.odometerStart, 1),
        odometerEnd: numberText(trip?.odometerEnd, 1),
        purpose: trip?.purpose ?? '',
        origin: trip?.origin ?? '',
        destination: trip?.destination ?? '',
      })}
      resetKey={trip?.id}
      submit={(v) => (trip ? updateTrip(trip.id, toBody(v)) : createTrip(toBody(v)))}
      onSuccess={() => {
        void qc.invalidateQueries({ queryKey: booksKeys.all });
        close();
      }}
      instead={
        !trip && vehicles.isPending ? (
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={t('common.loading')} />
          </DialogContent>
        ) : needsVehicle ? (
          <RecordQuickForm kind="vehicles" onAdded={setAdded} onCancel={close} />
        ) : undefined
      }
    >
      {(app) => <TripFields app={app} trip={trip} added={added} vehicles={vehicles.data?.items ?? []} />}
    </FormDialog>
  );
}

/** The trip's fields; a vehicle that arrives after the form (the list read, or one just added) is chosen then. */
function TripFields({ app, trip, added, vehicles }: { app: AppForm<TripValues>; trip?: Trip; added: Vehicle | null; vehicles: Vehicle[] }) {
  const { t } = useTranslation();
  const { control, watch, setValue, getValues } = app.form;
  // Without touching what is typed, and without counting as a change to ask about.
  const firstVehicle = added?.id ?? vehicles[0]?.id;
  useEffect(() => {
    if (firstVehicle && !getValues('vehicleId')) setValue('vehicleId', firstVehicle);
  }, [firstVehicle, getValues, setValue]);
  const by = watch('by');
  const start = decimalText(watch('odometerStart'), 1);
  const end = decimalText(watch('odometerEnd'), 1);
  const computed = start !== undefined && end !== undefined ? (Math.round(Number(end) * 10) - Math.round(Number(start) * 10)) / 10 : undefined;
  const half = { xs: 12, sm: 6 } as const;
  return (
    <>
      {added && (
        <Alert severity="success" role="status">
          {t('books.trips.vehicleAdded', { name: added.name })}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={half}>
          <FormTextField control={control} name="vehicleId" select label={t('books.fields.vehicle')} fullWidth required>
            {vehicles.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
            {trip && !vehicles.some((v) => v.id === trip.vehicleId) && <MenuItem value={trip.vehicleId}>{trip.vehicleName}</MenuItem>}
            {added && !vehicles.some((v) => v.id === added.id) && <MenuItem value={added.id}>{added.name}</MenuItem>}
          </FormTextField>
        </Grid>
        <Grid size={half}>
          <FormTextField
            control={control}
            name="date"
            type="date"
            label={t('books.fields.date')}
            fullWidth
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={12}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={by}
            onChange={(_e, v: TripValues['by'] | null) => v && setValue('by', v, { shouldDirty: true })}
            aria-label={t('books.trips.by')}
          >
            <ToggleButton value="miles">{t('books.trips.byMiles')}</ToggleButton>
            <ToggleButton value="odometer">{t('books.trips.byOdometer')}</ToggleButton>
          </ToggleButtonGroup>
        </Grid>
        {by === 'miles' ? (
          <Grid size={half}>
            <FormTextField
              control={control}
              name="miles"
              label={t('books.fields.miles')}
              fullWidth
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
        ) : (
          <>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="odometerStart"
                label={t('books.fields.odometerStart')}
                fullWidth
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="odometerEnd"
                label={t('books.fields.odometerEnd')}
                fullWidth
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={12}>
              <Typography
                variant="body2"
                aria-live="polite"
                sx={{
                  color: 'text.secondary',
                }}
              >
                {t('books.fields.miles')}: {computed !== undefined && computed > 0 ? computed : '—'}
              </Typography>
            </Grid>
          </>
        )}
        <Grid size={12}>
          <FormTextField control={control} name="purpose" label={t('books.fields.purpose')} fullWidth required />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="origin" label={t('books.fields.origin')} fullWidth />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="destination" label={t('books.fields.destination')} fullWidth />
        </Grid>
      </Grid>
    </>
  );
}
