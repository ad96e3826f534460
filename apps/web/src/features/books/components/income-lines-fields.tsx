import { useEffect } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, IconButton, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { MAX_BATCH_LINES, PAYMENT_METHODS } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';
import type { AppForm } from '@/components/form/use-app-form';
import { Icon } from '@/components/icon';
import { parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { categoriesQuery, entriesQuery } from '../api/books-api';

export interface Line {
  amount: string;
  categoryId: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  description: string;
}
export interface RegisterValues {
  date: string;
  lines: Line[];
}

/** A new line: the category and method of the line before it, else the first income category, in cash. */
export const newLine = (firstCategory: string, from?: Line): Line => ({
  amount: '',
  categoryId: from?.categoryId ?? firstCategory,
  paymentMethod: from?.paymentMethod ?? 'cash',
  description: '',
});

export function useIncomeCategories() {
  const categories = useQuery(categoriesQuery);
  const incomeCategories = (categories.data?.items ?? []).filter((c) => c.kind === 'income' && c.active);
  // While they load, a line has no category yet: the day is not saved before they arrive (the first line takes the first one then).
  return { incomeCategories, firstCategory: incomeCategories[0]?.id ?? '', loading: categories.isPending };
}

/** What the day already holds: it reads the date alone, so typing a line does not render it again. */
function DayAlready({ control }: { control: Control<RegisterValues> }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const date = useWatch({ control, name: 'date' });
  const day = useQuery(entriesQuery({ type: 'income', from: date, to: date, size: 10 }));
  return (
    <Typography
      variant="body2"
      aria-live="polite"
      sx={{
        color: 'text.secondary',
      }}
    >
      {day.data ? t('books.register.already', { count: day.data.totals.count, amount: money(day.data.totals.amount) }) : ''}
    </Typography>
  );
}

/**
 * The typed lines' total: the one part that follows every keystroke, so a keystroke renders it and the
 * field typed in, not every line (issue 30: typing never lags on a phone).
 */
function TypedTotal({ control, count }: { control: Control<RegisterValues>; count: number }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const values = useWatch({ control, name: 'lines' });
  const typedTotal = values.reduce((sum, l) => sum + (parseMoney(l.amount) ?? 0), 0);
  return (
    <Typography sx={{ fontWeight: 700 }} aria-live="polite">
      {t('books.register.total', { count, amount: money(typedTotal) })}
    </Typography>
  );
}

/**
 * The day and its lines. Keyboard first: Enter on a line's last field adds the next line, Ctrl+Enter
 * saves the day.
 */
export function IncomeLinesFields({ app }: { app: AppForm<RegisterValues> }) {
  const { t } = useTranslation();
  const { incomeCategories, firstCategory } = useIncomeCategories();
  const { form } = app;
  const { control, setFocus, setValue } = form;
  const lines = useFieldArray({ control, name: 'lines' });

  // Categories arrive after the first render: the first line takes the first income category then.
  useEffect(() => {
    if (firstCategory && !form.getValues('lines.0.categoryId')) setValue('lines.0.categoryId', firstCategory);
  }, [firstCategory, form, setValue]);

  const addLine = () => {
    const from = form.getValues('lines').at(-1);
    const index = lines.fields.length;
    lines.append(newLine(firstCategory, from), { shouldFocus: false });
    setTimeout(() => setFocus(`lines.${index}.amount`), 0);
  };
  const onKeyDown = (e: React.KeyboardEvent, index: number, isLast: boolean) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) {
      void app.onSubmit();
      return;
    }
    if (isLast && index === lines.fields.length - 1) addLine();
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          alignItems: { sm: 'center' },
          mb: 2,
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
        <DayAlready control={control} />
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
        <TypedTotal control={control} count={lines.fields.length} />
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
    </Box>
  );
}
