import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** The field's error in words; shown instead of the hint and marks the field invalid. */
  error?: string;
  hint?: ReactNode;
  /** A control inside the field's right edge (the password's show/hide). */
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A native input drawn like MUI's outlined field. MUI's inputs (InputBase, OutlinedInput,
 * FormControl, and TextField's Select, Menu and Popover) cost the sign-in page ~10 KB gzipped it
 * does not have: the main chunk leaves under 20 KB of the 200 KB budget.
 */
const Input = styled('input')(({ theme }) => {
  // The CSS variables in the app; the plain palette in tests, which render without the app's theme.
  const p = (theme.vars ?? theme).palette;
  return {
    display: 'block',
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    margin: 0,
    padding: '12px 14px',
    font: 'inherit',
    fontSize: '1rem',
    lineHeight: 1.5,
    color: p.text.primary,
    backgroundColor: p.background.paper,
    border: `1px solid color-mix(in srgb, ${p.text.primary} 28%, transparent)`,
    borderRadius: theme.shape.borderRadius,
    outline: 'none',
    transition: 'border-color 120ms, box-shadow 120ms',
    '&:hover': { borderColor: p.text.primary },
    '&:focus': { borderColor: p.primary.main, boxShadow: `inset 0 0 0 1px ${p.primary.main}` },
    '&[aria-invalid="true"]': { borderColor: p.error.main },
    '&[aria-invalid="true"]:focus': { boxShadow: `inset 0 0 0 1px ${p.error.main}` },
    '&[data-end="true"]': { paddingRight: 52 },
    // Browsers paint autofilled fields light; in the dark scheme that would leave light text on it.
    ...theme.applyStyles('dark', {
      '&:-webkit-autofill': { WebkitBoxShadow: '0 0 0 100px #1e3a5f inset', WebkitTextFillColor: '#fff', caretColor: '#fff' },
    }),
  };
});

export function TextInput({ label, error, hint, end, ref, id, ...rest }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helpId = `${inputId}-help`;
  const help = error ?? hint;
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
      <Box component="label" htmlFor={inputId} sx={{ fontSize: '0.875rem', fontWeight: 500, color: error ? 'error.main' : 'text.primary' }}>
        {label}
      </Box>
      <Box sx={{ position: 'relative' }}>
        <Input
          id={inputId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={help ? helpId : undefined}
          data-end={end ? true : undefined}
          {...rest}
        />
        {end && <Box sx={{ position: 'absolute', top: 0, bottom: 0, right: 4, display: 'flex', alignItems: 'center' }}>{end}</Box>}
      </Box>
      {help && (
        <Box id={helpId} sx={{ fontSize: '0.8125rem', lineHeight: 1.5, color: error ? 'error.main' : 'text.secondary' }}>
          {help}
        </Box>
      )}
    </Box>
  );
}
