import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { MenuItem } from '@mui/material';
import { CATEGORY_KINDS, type Category, type CategoryKind } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { saveCategory } from '../api/chart-api';

interface CategoryValues {
  name: string;
  kind: CategoryKind;
  taxLine: string;
}

const ZCategoryForm = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  kind: z.enum(CATEGORY_KINDS),
  taxLine: z.string().check(z.maxLength(200)),
});

/** A category of the shared chart, new or changed: its name, kind and tax line. */
export function CategoryFormDialog({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Absent: a new category. */
  category?: Category;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<CategoryValues>
      open={open}
      title={category ? t('chart.categories.edit') : t('chart.categories.new')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZCategoryForm}
      defaultValues={() => ({ name: category?.name ?? '', kind: category?.kind ?? 'expense', taxLine: category?.taxLine ?? '' })}
      resetKey={category?.id ?? 'new'}
      submit={(v) => saveCategory(category?.id, { name: v.name.trim(), kind: v.kind, taxLine: v.taxLine.trim() })}
      onSuccess={(_r, v) => onSaved(v.name.trim())}
    >
      {({ form }) => (
        <>
          <FormTextField
            control={form.control}
            name="name"
            label={t('chart.fields.name')}
            required
            fullWidth
            autoFocus
            helperText={category?.translated ? t('chart.translatedHelp') : undefined}
          />
          <FormTextField control={form.control} name="kind" select label={t('chart.fields.kind')} required fullWidth>
            {CATEGORY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`books.kinds.${k}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={form.control} name="taxLine" label={t('chart.fields.taxLine')} fullWidth helperText={t('chart.taxLineHelp')} />
        </>
      )}
    </FormDialog>
  );
}
