import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MenuItem, Stack } from '@mui/material';
import { z } from 'zod/mini';
import { MAX_LINE_CENTS, type Budget } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { centsToText, parseMoney } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { outflowCategoriesQuery, refreshFinance, setBudget } from '../api/finance-api';

interface BudgetFormValues {
  categoryId: string;
  amount: string;
}

/** The form's rules in its own text: a category chosen, an amount above zero and within a line's limit. */
const ZBudgetForm = z.object({
  categoryId: z.string().check(z.refine((v) => v !== '', { params: { i18n: 'finance.validation.category' } })),
  amount: z.string().check(
    z.refine(
      (v) => {
        const cents = parseMoney(v);
        return cents !== undefined && cents > 0 && cents <= MAX_LINE_CENTS;
      },
      { params: { i18n: 'finance.validation.amount' } },
    ),
  ),
});

export interface BudgetFormDialogProps {
  open: boolean;
  /** The budget being changed; null for a new one. */
  budget: Budget | null;
  /** Categories that already have a budget (a new one picks among the others). */
  taken: string[];
  onClose: () => void;
  onSaved: (b: Budget) => void;
}

/** Sets a category's monthly budget: new (a category and an amount) or changed (the amount). */
export function BudgetFormDialog({ open, budget, taken, onClose, onSaved }: BudgetFormDialogProps) {
  const { t } = useTranslation();
  const { currency } = useMoney();
  const qc = useQueryClient();
  const categories = useQuery({ ...outflowCategoriesQuery, enabled: open });
  const options = (categories.data ?? []).filter((c) => c.id === budget?.categoryId || !taken.includes(c.id));

  return (
    <FormDialog<BudgetFormValues, Budget>
      open={open}
      title={budget ? t('finance.budgets.editTitle', { name: budget.categoryName }) : t('finance.budgets.newTitle')}
      onClose={onClose}
      schema={ZBudgetForm}
      defaultValues={() => ({ categoryId: budget?.categoryId ?? '', amount: centsToText(budget?.amount) })}
      resetKey={budget?.id ?? 'new'}
      submit={(v) => setBudget({ categoryId: v.categoryId, amount: parseMoney(v.amount)! as Budget['amount'] })}
      onSuccess={(saved) => {
        void refreshFinance(qc);
        onSaved(saved);
      }}
    >
      {({ form: { control } }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="categoryId"
            select
            label={t('finance.budgets.category')}
            fullWidth
            required
            disabled={!!budget}
            autoFocus={!budget}
          >
            {budget && <MenuItem value={budget.categoryId}>{budget.categoryName}</MenuItem>}
            {options
              .filter((c) => c.id !== budget?.categoryId)
              .map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="amount"
            label={`${t('finance.budgets.amount')} (${currency})`}
            helperText={t('finance.budgets.amountHelp')}
            fullWidth
            required
            autoFocus={!!budget}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
