import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Button, DialogActions, DialogContent, Grid, Typography } from '@mui/material';
import type { Vehicle } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { booksKeys, saveRecord } from '../api/books-api';

interface VehicleValues {
  name: string;
  plate: string;
}

const required = (max: number) =>
  z.string().check(
    z.refine((v) => v.trim() !== '', { params: { i18n: 'common.validation.required' } }),
    z.maxLength(max),
  );

/**
 * A vehicle added where a trip needs one, with what a trip needs of it (a name; the plate if at hand);
 * the rest of its details wait for the vehicles' registry. Inside a dialog: its content and actions.
 */
export function VehicleQuickForm({ onAdded, onCancel }: { onAdded: (vehicle: Vehicle) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const schema = useMemo(() => z.object({ name: required(120), plate: z.string().check(z.maxLength(20)) }), []);
  const { form, onSubmit, formError, pending, leaveDialog, closeGuarded } = useAppForm<VehicleValues, Vehicle>(schema, {
    defaultValues: { name: '', plate: '' },
    guardLeaving: false,
    submit: (v) => saveRecord('vehicles', undefined, { name: v.name.trim(), plate: v.plate.trim() || null }) as Promise<Vehicle>,
    onSuccess: (vehicle) => {
      void qc.invalidateQueries({ queryKey: booksKeys.registry('vehicles') });
      onAdded(vehicle);
    },
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-labelledby="vehicle-quick-title">
        <DialogContent>
          <Typography variant="subtitle1" component="h3" id="vehicle-quick-title" sx={{ fontWeight: 600 }}>
            {t('books.trips.vehicleFirst')}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              mb: 2,
            }}
          >
            {t('books.trips.vehicleFirstText')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <FormTextField
                control={form.control}
                name="name"
                label={t('books.fields.name')}
                helperText={t('books.trips.vehicleNameHint')}
                fullWidth
                required
                autoFocus
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormTextField control={form.control} name="plate" label={t('books.fields.plate')} fullWidth />
            </Grid>
          </Grid>
          {formError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => closeGuarded(onCancel)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('books.trips.addVehicle')}
          </Button>
        </DialogActions>
      </form>
      {leaveDialog}
    </>
  );
}
