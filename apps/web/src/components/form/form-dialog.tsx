import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useAppForm, type AppForm, type AppFormOptions } from './use-app-form';

export interface FormDialogProps<T extends FieldValues, R = unknown> extends Omit<AppFormOptions<T, R>, 'defaultValues' | 'guardLeaving' | 'successText'> {
  open: boolean;
  /** The dialog's heading, and its accessible name. */
  title: string;
  /** Cancel, Escape and the backdrop close through it, asking first when something was typed. */
  onClose: () => void;
  /** The contract's schema the values are checked with. */
  schema: z.ZodMiniType;
  /** The values the form starts from, read each time the dialog opens (a function is called then). */
  defaultValues: DefaultValues<T> | (() => DefaultValues<T>);
  /** Another record shown while the dialog is open: the form starts again from its values. */
  resetKey?: string;
  /** The save button's words; "Save" by default. */
  submitLabel?: string;
  /** The cancel button's words; "Cancel" by default. */
  cancelLabel?: string;
  /** A red save button: what it does cannot be undone (deleting the account). */
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The fields, given the form; the kit adds a failure that is not about one field under them. */
  children: (app: AppForm<T>) => ReactNode;
  /** A button at the start of the row, apart from cancel and save on a wide screen (the history). */
  startAction?: (app: AppForm<T>) => ReactNode;
  /** Save is off for another reason than sending (a closed month). */
  saveDisabled?: boolean;
  /** More buttons, between cancel and save ("Save and add another", close a request). */
  moreActions?: (app: AppForm<T>) => ReactNode;
  /** Shown instead of the form, under the same title: a step that must come first, or a spinner. */
  instead?: ReactNode;
  /** The buttons are off for another reason than saving (a retry being sent). */
  busy?: boolean;
}

/**
 * The one form dialog: a title, the form pattern's fields, cancel and save. Each time it opens (or
 * shows another record, `resetKey`) the form is a new one, started from `defaultValues`: nothing
 * typed before is left, and no caller resets it by hand. Full screen on a phone; Enter saves, Escape
 * cancels (asking first when something was typed), save is off while the values are being sent.
 */
export function FormDialog<T extends FieldValues, R = unknown>(props: FormDialogProps<T, R>) {
  const { open, resetKey } = props;
  // Counted while rendering (React's "adjusting state when a prop changes"): the form below is keyed
  // by the opening, so an opening mounts a fresh one, while a closing keeps it for the exit animation.
  const [shown, setShown] = useState({ open, resetKey, opening: 0 });
  if (open !== shown.open || (open && resetKey !== shown.resetKey)) {
    setShown({ open, resetKey, opening: open ? shown.opening + 1 : shown.opening });
  }
  return <FormDialogView<T, R> key={shown.opening} {...props} />;
}

function FormDialogView<T extends FieldValues, R>({
  open,
  title,
  onClose,
  schema,
  defaultValues,
  resetKey: _resetKey,
  submitLabel,
  cancelLabel,
  destructive,
  maxWidth = 'sm',
  children,
  startAction,
  saveDisabled,
  moreActions,
  instead,
  busy,
  ...options
}: FormDialogProps<T, R>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // Read once per opening: this component is mounted afresh for each (see FormDialog).
  const [initial] = useState(defaultValues);
  // A dialog is not a page: leaving the page is not guarded, closing the dialog is (closeGuarded).
  const app = useAppForm<T, R>(schema, { ...options, defaultValues: initial, guardLeaving: false });
  const off = app.pending || !!busy;
  const close = () => app.closeGuarded(onClose);
  // Three buttons do not fit side by side on a phone: they stack at full width, save on top.
  const stacked = !!startAction || !!moreActions;
  return (
    <Dialog open={open} onClose={off ? undefined : close} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {instead ?? (
        <form onSubmit={app.onSubmit} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {children(app)}
              {app.formError && (
                <Alert severity="error" role="alert">
                  {app.formError}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions
            disableSpacing={stacked}
            sx={
              stacked
                ? { px: 3, pb: 2, gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' } }
                : { px: 3, pb: 2 }
            }
          >
            {startAction && <Stack sx={{ mr: { sm: 'auto' } }}>{startAction(app)}</Stack>}
            <Button onClick={close} disabled={off}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            {moreActions?.(app)}
            <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} disabled={off || saveDisabled}>
              {app.pending ? t('common.form.saving') : (submitLabel ?? t('common.save'))}
            </Button>
          </DialogActions>
        </form>
      )}
      {app.leaveDialog}
    </Dialog>
  );
}
