import { useMemo } from 'react';
import { z } from 'zod/mini';
import { Grid, MenuItem } from '@mui/material';
import { EMAIL_PATTERN } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
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
  /** Said instead of `helper` when an existing record is changed (a tax ID "left empty keeps the one on file"). */
  editHelper?: string;
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

/** The form of a registry record, built from its field list, in the one form dialog. */
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
  /** The record's values as text, read when the dialog opens. */
  initial: () => Record<string, string>;
  recordKey: string;
  onClose: () => void;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
}) {
  const schema = useMemo(() => z.object(Object.fromEntries(fields.map((f) => [f.name, check(f)]))), [fields]);
  return (
    <FormDialog<Record<string, string>>
      open={open}
      title={title}
      onClose={onClose}
      schema={schema}
      defaultValues={initial}
      resetKey={recordKey}
      submit={onSubmit}
    >
      {({ form }) => (
        <Grid container spacing={2}>
          {fields.map((f, i) => (
            <Grid key={f.name} size={{ xs: 12, sm: f.half ? 6 : 12 }}>
              <FormTextField
                control={form.control}
                name={f.name}
                label={f.label}
                required={f.required}
                fullWidth
                autoFocus={i === 0}
                helperText={recordKey !== 'new' && f.editHelper ? f.editHelper : f.helper}
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
      )}
    </FormDialog>
  );
}
