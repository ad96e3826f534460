import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Button, DialogActions, DialogContent, Grid, MenuItem, Typography } from '@mui/material';
import { WORKER_KINDS, type Product, type Provider, type Vehicle, type Worker } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { booksKeys, saveRecord } from '../api/books-api';

/** The registries a record is added to where a form needs one. */
export type QuickKind = 'vehicles' | 'workers' | 'providers' | 'products';
type RecordOf<K extends QuickKind> = { vehicles: Vehicle; workers: Worker; providers: Provider; products: Product }[K];

interface QuickValues {
  name: string;
  /** The one more thing asked: a vehicle's plate, a worker's kind, a product's unit; unused for a provider. */
  more: string;
}

/** Each kind's words (books.quick.<kind>.title/text/nameHint/add/added) and its one more field. */
const MORE: Record<QuickKind, { field?: 'plate' | 'kind' | 'unit'; start: string }> = {
  vehicles: { field: 'plate', start: '' },
  workers: { field: 'kind', start: 'employee' },
  providers: { start: '' },
  products: { field: 'unit', start: '' },
};

const required = (max: number) =>
  z.string().check(
    z.refine((v) => v.trim() !== '', { params: { i18n: 'common.validation.required' } }),
    z.maxLength(max),
  );

const bodyOf = (kind: QuickKind, v: QuickValues, defaultUnit: string): Record<string, unknown> => {
  const name = v.name.trim();
  if (kind === 'vehicles') return { name, plate: v.more.trim() || null };
  if (kind === 'workers') return { name, kind: v.more };
  if (kind === 'products') return { name, unit: v.more.trim() || defaultUnit };
  return { name };
};

/**
 * A record added where a form needs one (a trip's vehicle, a worker payment's worker, a supplier
 * payment's provider, a purchase's product), with what that form needs of it: a name and at most one
 * more thing; the rest of its details wait for its registry. Inside a dialog: its content and actions.
 */
export function RecordQuickForm<K extends QuickKind>({ kind, onAdded, onCancel }: { kind: K; onAdded: (record: RecordOf<K>) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const more = MORE[kind];
  const schema = useMemo(() => z.object({ name: required(120), more: z.string().check(z.maxLength(20)) }), []);
  const { form, onSubmit, formError, pending, leaveDialog, closeGuarded } = useAppForm<QuickValues, RecordOf<K>>(schema, {
    defaultValues: { name: '', more: more.start },
    guardLeaving: false,
    submit: (v) => saveRecord(kind, undefined, bodyOf(kind, v, t('books.defaultUnit'))) as Promise<RecordOf<K>>,
    onSuccess: (record) => {
      void qc.invalidateQueries({ queryKey: booksKeys.registry(kind) });
      onAdded(record);
    },
  });
  const titleId = `${kind}-quick-title`;

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <DialogContent>
          <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600 }}>
            {t(`books.quick.${kind}.title`)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t(`books.quick.${kind}.text`)}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: more.field ? 7 : 12 }}>
              <FormTextField
                control={form.control}
                name="name"
                label={t('books.fields.name')}
                helperText={t(`books.quick.${kind}.nameHint`)}
                fullWidth
                required
                autoFocus
              />
            </Grid>
            {more.field === 'kind' && (
              <Grid size={{ xs: 12, sm: 5 }}>
                <FormTextField control={form.control} name="more" select label={t('books.fields.kind')} fullWidth>
                  {WORKER_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`books.workerKinds.${k}`)}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
            )}
            {(more.field === 'plate' || more.field === 'unit') && (
              <Grid size={{ xs: 12, sm: 5 }}>
                <FormTextField
                  control={form.control}
                  name="more"
                  label={t(`books.fields.${more.field}`)}
                  placeholder={more.field === 'unit' ? t('books.defaultUnit') : undefined}
                  fullWidth
                />
              </Grid>
            )}
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
            {t(`books.quick.${kind}.add`)}
          </Button>
        </DialogActions>
      </form>
      {leaveDialog}
    </>
  );
}
