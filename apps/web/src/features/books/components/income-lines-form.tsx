import { useEffect, useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { MAX_BATCH_LINES, PAYMENT_METHODS, isRealDate, type EntryBody } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import { useAppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { booksKeys, categoriesQuery, createEntries, entriesQuery } from '../api/books-api';

interface Line {
  amount: string;
  categoryId: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  description: string;
}
interface RegisterValues {
  date: string;
  lines: Line[];
}

const ZLine = z.object({
  amount: z.string().check(z.refine((v) => (parseMoney(v) ?? 0) > 0, { params: { i18n: 'books.validation.amount' } })),
  categoryId: z.string().check(z.minLength(1)),
  paymentMethod: z.enum(PAYMENT_METHODS),
  description: z.string().check(z.maxLength(500)),
});

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
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { money } = useMoney();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const categories = useQuery(categoriesQuery);
  const incomeCategories = (categories.data?.items ?? []).filter((c) => c.kind === 'income' && c.active);
  const firstCategory = incomeCategories[0]?.id ?? '';
  const newLine = (from?: Line): Line => ({
    amount: '',
    categoryId: from?.categoryId ?? firstCategory,
    paymentMethod: from?.paymentMethod ?? 'cash',
    description: '',
  });
  const schema = useMemo(
    () =>
      z.object({
        date: z.string().check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), { params: { i18n: 'books.validation.date' } })),
        lines: z.array(ZLine).check(z.minLength(1), z.maxLength(MAX_BATCH_LINES)),
      }),
    [],
  );
  const { form, onSubmit, formError, success, pending, leaveDialog, closeGuarded } = useAppForm<RegisterValues>(schema, {
    defaultValues: { date: defaultDate, lines: [newLine()] },
    // A dialog asks through its own Cancel; the page asks before a navigation leaves typed lines.
    guardLeaving: !dialog,
    successText: dialog ? undefined : t('books.register.saved'),
    submit: (v) =>
      createEntries(
        v.lines.map((l): EntryBody => ({
          type: 'income',
          date: v.date,
          amount: parseMoney(l.amount),
          categoryId: l.categoryId,
          paymentMethod: l.paymentMethod,
          description: l.description.trim() || null,
        })),
      ),
    // The server names a line's field as entries.3.amount; the form's is lines.3.amount.
    fieldOf: (p) => p.replace(/^entries\./, 'lines.'),
    onSuccess: (_result, v) => {
      void qc.invalidateQueries({ queryKey: booksKeys.all });
      if (dialog) {
        dialog.onSaved?.(v.lines.length);
        dialog.onClose();
        return;
      }
      // The day's lines are in; a fresh line for the next ones, same day and method.
      form.reset({ date: v.date, lines: [newLine(v.lines.at(-1))] });
      setTimeout(() => form.setFocus('lines.0.amount'), 0);
    },
  });
  const { control, watch, setFocus, setValue } = form;
  const lines = useFieldArray({ control, name: 'lines' });
  const date = watch('date');
  const values = watch('lines');
  const typedTotal = values.reduce((sum, l) => sum + (parseMoney(l.amount) ?? 0), 0);
  const day = useQuery(entriesQuery({ type: 'income', from: date, to: date, size: 10 }));

  // Categories arrive after the first render: the first line takes the first income category then.
  useEffect(() => {
    if (firstCategory && !form.getValues('lines.0.categoryId')) setValue('lines.0.categoryId', firstCategory);
  }, [firstCategory, form, setValue]);

  const addLine = () => {
    const from = form.getValues('lines').at(-1);
    const index = lines.fields.length;
    lines.append(newLine(from), { shouldFocus: false });
    setTimeout(() => setFocus(`lines.${index}.amount`), 0);
  };
  const onKeyDown = (e: React.KeyboardEvent, index: number, isLast: boolean) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) {
      void onSubmit();
      return;
    }
    if (isLast && index === lines.fields.length - 1) addLine();
  };

  const body = (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          alignItems: { sm: 'center' },
          mb: 2,
          pt: dialog ? 1 : 0,
        }}
      >
        <FormTextField
          control={control}
          name="date"
          type="date"
          label={t('books.fields.date')}
          size="small"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Typography
          variant="body2"
          aria-live="polite"
          sx={{
            color: 'text.secondary',
          }}
        >
          {day.data ? t('books.register.already', { count: day.data.totals.count, amount: money(day.data.totals.amount) }) : ''}
        </Typography>
      </Stack>
      <Stack spacing={1.5} role="list" aria-label={t('books.register.lines')}>
        {lines.fields.map((field, i) => (
          <Box
            key={field.id}
            role="listitem"
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              // Phone: amount, method and the remove button, then category and description.
              gridTemplateColumns: { xs: '1fr 1fr 40px', sm: '140px 140px 180px 1fr 40px' },
              '& > .line-description': { gridColumn: { xs: 'span 2', sm: 'auto' } },
              '& > .line-remove': { gridRow: { xs: 1, sm: 'auto' }, gridColumn: { xs: 3, sm: 5 } },
            }}
          >
            <FormTextField
              control={control}
              name={`lines.${i}.amount`}
              label={t('books.fields.amount')}
              size="small"
              required
              autoFocus={i === 0}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${t('books.fields.amount')} ${i + 1}` } }}
              onKeyDown={(e) => onKeyDown(e, i, false)}
            />
            <FormTextField control={control} name={`lines.${i}.paymentMethod`} select label={t('books.fields.paymentMethod')} size="small">
              {PAYMENT_METHODS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`books.methods.${p}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name={`lines.${i}.categoryId`} select label={t('books.fields.category')} size="small">
              {incomeCategories.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name={`lines.${i}.description`}
              label={t('books.fields.description')}
              size="small"
              className="line-description"
              onKeyDown={(e) => onKeyDown(e, i, true)}
            />
            <Tooltip title={t('books.register.removeLine')}>
              <span className="line-remove">
                <IconButton aria-label={`${t('books.register.removeLine')} ${i + 1}`} onClick={() => lines.remove(i)} disabled={lines.fields.length === 1}>
                  <Icon name="heroicons_outline:x-mark" size={18} />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ))}
      </Stack>
      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          alignItems: 'center',
          mt: 2,
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <Button onClick={addLine} startIcon={<Icon name="heroicons_outline:plus" size={18} />} disabled={lines.fields.length >= MAX_BATCH_LINES}>
          {t('books.register.addLine')}
        </Button>
        <Typography sx={{ fontWeight: 700 }} aria-live="polite">
          {t('books.register.total', { count: lines.fields.length, amount: money(typedTotal) })}
        </Typography>
      </Stack>
      {/* The keys are a keyboard's: a phone is not told of them. */}
      <Typography
        variant="caption"
        component="p"
        sx={{
          color: 'text.secondary',
          mt: 1,
          display: { xs: 'none', sm: 'block' },
        }}
      >
        {t('books.register.keys')}
      </Typography>
      <Stack spacing={1} sx={{ mt: 2 }}>
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
        {!dialog && (
          <Button type="submit" variant="contained" disabled={pending || closed} sx={{ alignSelf: { sm: 'flex-end' } }}>
            {t('books.register.save')}
          </Button>
        )}
      </Stack>
    </>
  );

  if (!dialog)
    return (
      <>
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
        {leaveDialog}
      </>
    );
  return (
    <Dialog
      open
      onClose={pending ? undefined : () => closeGuarded(dialog.onClose)}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="income-lines-title"
    >
      <DialogTitle id="income-lines-title">{dialog.title}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>{body}</DialogContent>
        {/* A phone stacks the buttons at full width, the one that saves on top: three do not fit side by side. */}
        <DialogActions
          disableSpacing
          sx={{ px: 3, pb: 2, gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          {dialog.onSingle && (
            <Button
              onClick={() => closeGuarded(dialog.onSingle!)}
              disabled={pending}
              startIcon={<Icon name="heroicons_outline:paper-clip" size={18} />}
              sx={{ mr: { sm: 'auto' } }}
            >
              {t('books.register.single')}
            </Button>
          )}
          <Button onClick={() => closeGuarded(dialog.onClose)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || closed}>
            {t('books.register.save')}
          </Button>
        </DialogActions>
      </form>
      {leaveDialog}
    </Dialog>
  );
}
