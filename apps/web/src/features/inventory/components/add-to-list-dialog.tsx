import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';
import { addToList, inventoryKeys, type ListKind } from '../api/inventory-api';

const ZName = z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)) });

/** A new category, brand, vendor or tag, named here and chosen at once in the product's form. */
export function AddToListDialog({ kind, onClose, onAdded }: { kind?: ListKind; onClose: () => void; onAdded: (id: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <FormDialog<{ name: string }, string>
      open={!!kind}
      title={kind ? t(`inventory.lists.add.${kind}`) : ''}
      onClose={onClose}
      schema={ZName}
      defaultValues={{ name: '' }}
      resetKey={kind}
      maxWidth="xs"
      submit={(v) => addToList(kind!, v.name.trim())}
      onSuccess={async (id) => {
        await qc.invalidateQueries({ queryKey: inventoryKeys.lists });
        onAdded(id);
      }}
    >
      {({ form }) => <FormTextField control={form.control} name="name" label={t('inventory.lists.name')} fullWidth required autoFocus />}
    </FormDialog>
  );
}
