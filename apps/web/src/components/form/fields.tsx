import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Alert, Button, Stack, TextField, type TextFieldProps } from '@mui/material';

/** A MUI text field bound to a form field by name; its error shows under it, in the reader's language. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  onValueChange,
  ...props
}: {
  control: Control<T>;
  name: Path<T>;
  /** Told of each new value after the form has it (a choice that fills other fields). */
  onValueChange?: (value: string) => void;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      // The field's ref goes to the input alone: spread on the TextField too, the root (a div, not
      // focusable) would take it, and focusing the field (a new checklist item, an error) would do nothing.
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(e);
            onValueChange?.(e.target.value);
          }}
          inputRef={ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/**
 * The two-step sign-in's code as a form field (six digits, or a recovery code's seven characters):
 * the phone's number pad and a password manager's one-time code, the same wherever a step asks for it.
 */
export function FormCodeField<T extends FieldValues>(
  props: { control: Control<T>; name: Path<T> } & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label'>,
) {
  const { t } = useTranslation();
  return (
    <FormTextField label={t('settings.mfa.code')} autoComplete="one-time-code" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }} {...props} />
  );
}

/** Under a form: what failed (not about one field), what was saved, and the submit button, off while it sends. */
export function FormFooter({
  formError,
  success,
  pending,
  disabled,
  submitLabel,
  extra,
}: {
  formError?: string;
  success?: string;
  pending: boolean;
  /** Off for another reason than sending (nothing changed yet). */
  disabled?: boolean;
  submitLabel: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      <Stack
        direction="row"
        spacing={1}
        sx={{
          justifyContent: 'flex-end',
        }}
      >
        {extra}
        <Button type="submit" variant="contained" disabled={pending || disabled}>
          {pending ? t('common.form.saving') : submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
