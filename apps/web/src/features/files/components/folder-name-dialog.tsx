import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { FileItem } from '@cuadre/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/fields';

interface NameValues {
  name: string;
}

const ZNameForm = z.object({
  name: z.string().check(
    z.refine((v) => v.trim().length > 0, { params: { i18n: 'files.nameRequired' } }),
    z.refine((v) => v.trim().length <= 200, { params: { i18n: 'files.nameTooLong' } }),
  ),
});

/** A new folder's name, or a new name for a folder or a file (`item`). */
export function FolderNameDialog({
  open,
  item,
  onClose,
  save,
  onSaved,
}: {
  open: boolean;
  item?: FileItem;
  onClose: () => void;
  save: (name: string) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<NameValues>
      open={open}
      title={item ? t('files.renameTitle', { name: item.name }) : t('files.newFolder')}
      onClose={onClose}
      maxWidth="xs"
      schema={ZNameForm}
      defaultValues={() => ({ name: item?.name ?? '' })}
      resetKey={item?.id ?? 'new'}
      submitLabel={item ? t('files.rename') : t('files.create')}
      submit={(v) => save(v.name.trim())}
      onSuccess={onSaved}
    >
      {({ form }) => (
        <FormTextField control={form.control} name="name" label={t('files.name')} required fullWidth autoFocus slotProps={{ htmlInput: { maxLength: 200 } }} />
      )}
    </FormDialog>
  );
}
