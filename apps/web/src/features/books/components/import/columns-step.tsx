import { useTranslation } from 'react-i18next';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { IMPORT_DATE_FORMATS, type ImportMapping } from '@cuadre/contracts';

const MAPPED = ['date', 'description', 'amount', 'debit', 'credit', 'reference'] as const;
const BLANK: ImportMapping = { date: '', dateFormat: 'YYYY-MM-DD', decimal: '.' };

/** Step 2 (CSV only): which column holds what, the date's format and the decimal mark, then the preview again. */
export function ColumnsStep({
  columns,
  mapping,
  onMapping,
  onPreview,
  previewDisabled,
  fileAtHand,
}: {
  /** The file's column headings. */
  columns: string[];
  mapping: ImportMapping | null;
  onMapping: (change: (m: ImportMapping) => ImportMapping) => void;
  onPreview: () => void;
  previewDisabled: boolean;
  /** After a reload the file is gone from the browser: it must be chosen again to read it anew. */
  fileAtHand: boolean;
}) {
  const { t } = useTranslation();
  const set = (change: Partial<ImportMapping>) => onMapping((m) => ({ ...m, ...change }));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('books.import.stepColumns')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('books.import.columnsText')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {MAPPED.map((key) => (
            <TextField
              key={key}
              select
              size="small"
              label={t(`books.import.${key}`)}
              value={mapping?.[key] ?? ''}
              onChange={(e) => set({ [key]: e.target.value || undefined })}
            >
              <MenuItem value="">{t('books.import.none')}</MenuItem>
              {columns.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          ))}
          <TextField
            select
            size="small"
            label={t('books.import.dateFormat')}
            value={mapping?.dateFormat ?? BLANK.dateFormat}
            onChange={(e) => set({ dateFormat: e.target.value as ImportMapping['dateFormat'] })}
          >
            {IMPORT_DATE_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {f}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('books.import.decimal')}
            value={mapping?.decimal ?? BLANK.decimal}
            onChange={(e) => set({ decimal: e.target.value as '.' | ',' })}
          >
            <MenuItem value=".">{t('books.import.decimalDot')}</MenuItem>
            <MenuItem value=",">{t('books.import.decimalComma')}</MenuItem>
          </TextField>
        </Box>
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onPreview} disabled={previewDisabled}>
          {t('books.import.preview')}
        </Button>
        {!fileAtHand && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('books.import.chooseAgain')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A mapping with nothing chosen yet, for the first change. */
export const blankMapping = BLANK;
