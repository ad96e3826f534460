import { useTranslation } from 'react-i18next';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Box, MenuItem } from '@mui/material';
import { RECURRING_FREQUENCIES, RECURRING_MODES, type RecurringFrequency, type RecurringMode } from '@cuadre/contracts';
import { FormTextField } from '@/components/form/fields';

/** What the Repeat choice keeps in a form: no frequency (''), or one with its interval and mode. */
export interface RepeatValues {
  repeat: '' | RecurringFrequency;
  repeatInterval: string;
  repeatMode: RecurringMode;
}

export const NO_REPEAT: RepeatValues = { repeat: '', repeatInterval: '1', repeatMode: 'record' };

/** The interval typed, or undefined when it is not a whole number from 1 to 99. */
export const intervalOf = (v: string): number | undefined => {
  const n = Number(v.trim());
  return Number.isInteger(n) && n >= 1 && n <= 99 ? n : undefined;
};

/**
 * "Repeat": never, or every N weeks, months, quarters or years, recorded on its date or reminded.
 * The interval and the mode show once a frequency is chosen.
 */
export function RepeatFields<T extends FieldValues & RepeatValues>({ control, allowNever = true }: { control: Control<T>; allowNever?: boolean }) {
  const { t } = useTranslation();
  const repeat = useWatch({ control, name: 'repeat' as Path<T> }) as RepeatValues['repeat'];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: repeat ? '2fr 1fr 2fr' : '1fr' }, gap: 2 }}>
      <FormTextField control={control} name={'repeat' as Path<T>} select label={t('books.recurring.repeat')} fullWidth>
        {allowNever && <MenuItem value="">{t('books.recurring.never')}</MenuItem>}
        {RECURRING_FREQUENCIES.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`books.recurring.frequencies.${f}`)}
          </MenuItem>
        ))}
      </FormTextField>
      {repeat && (
        <FormTextField
          control={control}
          name={'repeatInterval' as Path<T>}
          label={t('books.recurring.interval')}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      {repeat && (
        <FormTextField control={control} name={'repeatMode' as Path<T>} select label={t('books.recurring.mode')} fullWidth>
          {RECURRING_MODES.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`books.recurring.modes.${m}`)}
            </MenuItem>
          ))}
        </FormTextField>
      )}
    </Box>
  );
}
