import type { ButtonHTMLAttributes, Ref } from 'react';
import { keyframes, styled, type SxProps, type Theme } from '@mui/material/styles';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  /** `inherit` takes the surrounding text's colour (a button inside an alert). */
  tone?: 'primary' | 'inherit';
  fullWidth?: boolean;
  /** Shows a spinner in place of the words and marks the button busy (it stays the same size). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
  sx?: SxProps<Theme>;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const PAD = { small: '4px 10px', medium: '6px 16px', large: '8px 22px' } as const;
const FONT = { small: '0.8125rem', medium: '0.875rem', large: '0.9375rem' } as const;

/**
 * A native button drawn like MUI's Button, for the pages of the first load only (sign-in and the
 * other signed-out pages, the language picker, the page that says the app could not start). MUI's
 * Button brings ButtonBase, its ripple, react-transition-group and CircularProgress: about 8 KB
 * gzipped of the sign-in page's budget. Everywhere else, MUI's Button is the button.
 */
const Root = styled('button', { shouldForwardProp: (p) => !['variant', 'size', 'tone', 'fullWidth', 'loading'].includes(String(p)) })<PlainButtonProps>(({
  theme,
}) => {
  const p = (theme.vars ?? theme).palette;
  return {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: 64,
    margin: 0,
    border: '1px solid transparent',
    borderRadius: theme.shape.borderRadius,
    font: 'inherit',
    fontWeight: 600,
    lineHeight: 1.75,
    cursor: 'pointer',
    textDecoration: 'none',
    background: 'none',
    color: 'inherit',
    transition: 'background-color 150ms, border-color 150ms, box-shadow 150ms',
    WebkitTapHighlightColor: 'transparent',
    '&:focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: 2 },
    '&:disabled': { cursor: 'default', pointerEvents: 'none' },
    variants: [
      ...(['small', 'medium', 'large'] as const).map((size) => ({ props: { size }, style: { padding: PAD[size], fontSize: FONT[size] } })),
      { props: { fullWidth: true }, style: { width: '100%' } },
      {
        props: { variant: 'contained' },
        style: {
          backgroundColor: p.primary.main,
          color: p.primary.contrastText,
          boxShadow: theme.shadows[2],
          '&:hover': { backgroundColor: p.primary.dark, boxShadow: theme.shadows[4] },
          '&:disabled': { backgroundColor: p.action.disabledBackground, color: p.action.disabled, boxShadow: 'none' },
        },
      },
      {
        props: { variant: 'outlined', tone: 'primary' },
        style: {
          color: p.primary.main,
          borderColor: `color-mix(in srgb, ${p.primary.main} 50%, transparent)`,
          '&:hover': { borderColor: p.primary.main, backgroundColor: p.action.hover },
        },
      },
      { props: { variant: 'outlined', tone: 'inherit' }, style: { borderColor: 'currentColor', '&:hover': { backgroundColor: p.action.hover } } },
      { props: { variant: 'outlined' }, style: { '&:disabled': { color: p.action.disabled, borderColor: p.action.disabledBackground } } },
      { props: { variant: 'text', tone: 'primary' }, style: { color: p.primary.main } },
      { props: { variant: 'text' }, style: { '&:hover': { backgroundColor: p.action.hover }, '&:disabled': { color: p.action.disabled } } },
    ],
  };
});

const Spinner = styled('span')({
  position: 'absolute',
  inset: 0,
  margin: 'auto',
  width: 18,
  height: 18,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 800ms linear infinite`,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '2400ms' },
});

export function PlainButton({
  variant = 'text',
  size = 'medium',
  tone = 'primary',
  fullWidth,
  loading,
  type = 'button',
  children,
  disabled,
  ...rest
}: PlainButtonProps) {
  return (
    <Root type={type} variant={variant} size={size} tone={tone} fullWidth={fullWidth} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {/* The words stay (hidden) while loading, so the button keeps its width and its accessible name. */}
      <span style={loading ? { visibility: 'hidden' } : undefined}>{children}</span>
      {loading && <Spinner aria-hidden />}
    </Root>
  );
}
