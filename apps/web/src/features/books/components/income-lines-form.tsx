import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Alert, Button, Stack } from '@mui/material';
import { MAX_BATCH_LINES, PAYMENT_METHODS, isRealDate, type EntryBody } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { parseMoney } from '@/lib/money';
import { booksKeys, createEntries } from '../api/books-api';
import { IncomeLinesFields, newLine, useIncomeCategories, type RegisterValues } from './income-lines-fields';

const ZLine = z.object({
  amount: z.string().check(z.refine((v) => (parseMoney(v) ?? 0) > 0, { params: { i18n: 'books.validation.amount' } })),
  categoryId: z.string().check(z.minLength(1)),
  paymentMethod: z.enum(PAYMENT_METHODS),
  description: z.string().check(z.maxLength(500)),
});

const ZRegister = z.object({
  date: z.string().check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { params: { i18n: 'books.validation.date' } })),
  lines: z.array(ZLine).check(z.minLength(1), z.maxLength(MAX_BATCH_LINES)),
});

const saveDay = (v: RegisterValues) =>
  createEntries(
    v.lines.map((l): EntryBody => ({
      type: 'income',
      date: v.date,
      amount: parseMoney(l.amount),
      categoryId: l.categoryId,
      paymentMethod: l.paymentMethod,
      description: l.description.trim() || null,
    })),
  );
// The server names a line's field as entries.3.amount; the form's is lines.3.amount.
const fieldOf = (p: string) => p.replace(/^entries\./, 'lines.');

export interface IncomeLinesFormProps {
  defaultDate: string;
  /** The month is closed: the day cannot be saved. */
  closed?: boolean;
  /**
   * As a dialog (the hub's quick add): Cancel and Escape ask first when lines are typed; a saved day
   * closes it. Without it, the form is the register's page, which stays for the next day.
   */
  dialog?: {
    title: string;
    onClose: () => void;
    onSaved?: (count: number) => void;
    /** Leaves for the one-entry form, which takes a receipt (asked first, like Cancel, when lines are typed). */
    onSingle?: () => void;
  };
}

/**
 * A day's income, several lines at once, sent as one batch (all or nothing): the register's page and
 * the hub's quick add. Keyboard first: Enter on a line's last field adds the next line, Ctrl+Enter (or
 * the button) saves the day, and a line can be removed with its button.
 */
export function IncomeLinesForm({ defaultDate, closed = false, dialog }: IncomeLinesFormProps) {
  return dialog ? (
    <IncomeLinesDialog defaultDate={defaultDate} closed={closed} dialog={dialog} />
  ) : (
    <IncomeLinesPage defaultDate={defaultDate} closed={closed} />
  );
}

/** The register's page: it stays for the next day, and asks before a navigation leaves typed lines. */
function IncomeLinesPage({ defaultDate, closed }: { defaultDate: string; closed: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { firstCategory, loading } = useIncomeCategories();
  const app = useAppForm<RegisterValues>(ZRegister, {
    defaultValues: { date: defaultDate, lines: [newLine(firstCategory)] },
    successText: t('books.register.saved'),
    submit: saveDay,
    fieldOf,
    onSuccess: (_result, v, form) => {
      void qc.invalidateQueries({ queryKey: booksKeys.all });
      // The day's lines are in; a fresh line for the next ones, same day and method.
      form.reset({ date: v.date, lines: [newLine(firstCategory, v.lines.at(-1))] });
      setTimeout(() => form.setFocus('lines.0.amount'), 0);
    },
  });
  return (
    <>
      <form onSubmit={app.onSubmit} noValidate>
        <IncomeLinesFields app={app} />
        <Stack spacing={1} sx={{ mt: 2 }}>
          {app.formError && (
            <Alert severity="error" role="alert">
              {app.formError}
            </Alert>
          )}
          {app.success && (
            <Alert severity="success" role="status">
              {app.success}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={app.pending || closed || loading} sx={{ alignSelf: { sm: 'flex-end' } }}>
            {t('books.register.save')}
          </Button>
        </Stack>
      </form>
      {app.leaveDialog}
    </>
  );
}

/** The hub's quick add: Cancel and Escape ask first when lines are typed; a saved day closes it. */
function IncomeLinesDialog({ defaultDate, closed, dialog }: { defaultDate: string; closed: boolean; dialog: NonNullable<IncomeLinesFormProps['dialog']> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { firstCategory, loading } = useIncomeCategories();
  const { onSingle } = dialog;
  return (
    <FormDialog<RegisterValues>
      open
      title={dialog.title}
      onClose={dialog.onClose}
      maxWidth="md"
      schema={ZRegister}
      defaultValues={() => ({ date: defaultDate, lines: [newLine(firstCategory)] })}
      submit={saveDay}
      fieldOf={fieldOf}
      onSuccess={(_result, v) => {
        void qc.invalidateQueries({ queryKey: booksKeys.all });
        dialog.onSaved?.(v.lines.length);
        dialog.onClose();
      }}
      submitLabel={t('books.register.save')}
      saveDisabled={closed || loading}
      startAction={
        onSingle
          ? (app) => (
              <Button onClick={() => app.closeGuarded(onSingle)} disabled={app.pending} startIcon={<Icon name="heroicons_outline:paper-clip" size={18} />}>
                {t('books.register.single')}
              </Button>
            )
          : undefined
      }
    >
      {(app) => <IncomeLinesFields app={app} />}
    </FormDialog>
  );
}
