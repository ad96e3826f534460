import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, type ArrayPath, type Control, type FieldArray, type FieldValues, type Path } from 'react-hook-form';
import { Box, Button, Checkbox, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { FormTextField } from './fields';

/** The i18n keys of a checklist: its legend, and per item (with `n`, from 1) its text, its tick and its remove button. */
export interface ChecklistTexts {
  legend: string;
  item: string;
  done: string;
  remove: string;
  add: string;
}

/**
 * A form's checklist (a note's items, a task's sub-tasks): tick, edit, remove, add, each item a row
 * of a checkbox, a text field (`textKey`: the item's text property) and a remove button.
 */
export function ChecklistField<T extends FieldValues>({
  control,
  name,
  textKey,
  texts,
}: {
  control: Control<T>;
  name: ArrayPath<T>;
  textKey: string;
  texts: ChecklistTexts;
}) {
  const { t } = useTranslation();
  const items = useFieldArray({ control, name });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t(texts.legend)}
      </Typography>
      <Stack spacing={1}>
        {items.fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Controller
              control={control}
              name={`${name}.${i}.completed` as Path<T>}
              render={({ field }) => (
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'aria-label': t(texts.done, { n: i + 1 }) } }}
                />
              )}
            />
            <FormTextField control={control} name={`${name}.${i}.${textKey}` as Path<T>} label={t(texts.item, { n: i + 1 })} size="small" fullWidth />
            <Tooltip title={t(texts.remove, { n: i + 1 })}>
              <IconButton aria-label={t(texts.remove, { n: i + 1 })} onClick={() => items.remove(i)}>
                <Icon name="heroicons_outline:trash" size={20} />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
        <Button
          sx={{ alignSelf: 'flex-start' }}
          startIcon={<Icon name="heroicons_outline:plus" size={18} />}
          // The new item's text takes the focus, so typing goes into it (not a Space on the button adding another).
          onClick={() =>
            items.append({ [textKey]: '', completed: false } as FieldArray<T, ArrayPath<T>>, { focusName: `${name}.${items.fields.length}.${textKey}` })
          }
        >
          {t(texts.add)}
        </Button>
      </Stack>
    </Box>
  );
}
