import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, useMediaQuery, useTheme } from '@mui/material';
import { EMAIL_PATTERN } from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';
import { FormTextField } from '@/components/form/fields';
import { decimalText, parseMoney } from '@/lib/money';

/** One field of a registry form: its kind decides its check and its input. */
export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'money' | 'decimal1' | 'year' | 'select' | 'multiline';
  required?: boolean;
  options?: { value: string; label: string }[];
  /** Half width on wider screens. */
  half?: boolean;
  helper?: string;
}

function check(f: FieldSpec) {
  const rule = (ok: (v: string) => boolean, key: string) => z.string().check(z.refine((v) => v.trim() === '' || ok(v.trim()), { params: { i18n: key } }));
  const base =
    f.kind === 'email'
      ? rule((v) => EMAIL_PATTERN.test(v), 'common.validation.invalidEmail')
      : f.kind === 'money'
        ? rule((v) => (parseMoney(v) ?? 0) > 0, 'books.validation.amount')
        : f.kind === 'decimal1'
          ? rule((v) => decimalText(v, 1) !== undefined, 'books.validation.decimal1')
          : f.kind === 'year'
            ? rule((v) => /^\d{4}$/.test(v) && Number(v) >= 1900 && Number(v) <= 2100, 'books.validation.year')
            : z.string().check(z.maxLength(f.kind === 'multiline' ? 2000 : 300));
  return f.required ? base.check(z.refine((v) => v.trim() !== '', { params: { i18n: 'common.validation.required' } })) : base;
}

/** The form of a registry record, built from its field list, on the one form pattern. */
export function RegistryFormDialog({
  open,
  title,
  fields,
  initial,
  recordKey,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  fields: FieldSpec[];
  initial: Record<string, string>;
  recordKey: string;
  onClose: () => void;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const schema = useMemo(() => z.object(Object.fromEntries(fields.map((f) => [f.name, check(f)]))), [fields]);
  const {
    form,
    onSubmit: submit,
    formError,
    pending,
    leaveDialog,
    closeGuarded,
  } = useAppForm<Record<string, string>>(schema, {
    defaultValues: initial,
    submit: onSubmit,
    guardLeaving: false,
  });
  useEffect(() => {
    if (open) form.reset(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens or shows another record
  }, [open, recordKey]);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : () => closeGuarded(onClose)}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="registry-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="registry-form-title">{title}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {fields.map((f, i) => (
              <Grid key={f.name} size={{ xs: 12, sm: f.half ? 6 : 12 }}>
                <FormTextField
                  control={form.control}
                  name={f.name}
                  label={f.label}
                  required={f.required}
                  fullWidth
                  autoFocus={i === 0}
                  helperText={f.helper}
                  select={f.kind === 'select'}
                  multiline={f.kind === 'multiline'}
                  minRows={f.kind === 'multiline' ? 2 : undefined}
                  type={f.kind === 'email' ? 'email' : 'text'}
                  slotProps={{ htmlInput: { inputMode: f.kind === 'money' || f.kind === 'decimal1' ? 'decimal' : f.kind === 'year' ? 'numeric' : undefined } }}
                >
                  {f.kind === 'select' &&
                    (f.options ?? []).map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                </FormTextField>
              </Grid>
            ))}
          </Grid>
          {formError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => closeGuarded(onClose)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
      {leaveDialog}
    </Dialog>
  );
}
