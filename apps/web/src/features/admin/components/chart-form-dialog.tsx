import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { AppForm } from '@/components/form/use-app-form';

/** The dialog around a small chart form (a category, a subcategory, a rate): fields, error, cancel and save. */
export function ChartFormDialog<T extends FieldValues>({
  open,
  title,
  app,
  initial,
  resetKey,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  app: AppForm<T>;
  initial: T;
  resetKey: string;
  onClose: () => void;
  children: (form: UseFormReturn<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { form, onSubmit, formError, pending, leaveDialog, closeGuarded } = app;
  useEffect(() => {
    if (open) form.reset(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens or shows another record
  }, [open, resetKey]);
  return (
    <Dialog open={open} onClose={pending ? undefined : () => closeGuarded(onClose)} fullWidth maxWidth="xs" aria-labelledby="chart-form-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="chart-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children(form)}
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
          </Stack>
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
