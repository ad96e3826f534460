import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Autocomplete, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { IMPORT_MAX_CHARS, type Job } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { JobProgress } from '@/components/job-panel';
import { formatDateTime } from '@/lib/format';
import { importProfilesQuery } from '../../api/books-api';
import type { ChosenFile } from './import-types';

/**
 * Step 1: the statement's file and its bank, then "Read". While the server reads it, its progress; a
 * statement read earlier today and not imported is offered again (`waiting`).
 */
export function FileStep({
  file,
  onFile,
  bank,
  onBank,
  onRead,
  readDisabled,
  reading,
  errors,
  waiting,
  onContinue,
}: {
  file: ChosenFile | null;
  onFile: (file: ChosenFile | null) => void;
  bank: string;
  onBank: (bank: string) => void;
  onRead: () => void;
  readDisabled: boolean;
  /** The reading job while it runs. */
  reading: Job | null;
  /** What went wrong reading, in the server's words. */
  errors: string[];
  waiting: Job | null;
  onContinue: (jobId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const profiles = useQuery(importProfilesQuery);
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = async (f: File | undefined) => {
    setFileError(null);
    if (!f) return onFile(null);
    if (f.size > IMPORT_MAX_CHARS) {
      onFile(null);
      return setFileError(t('books.import.tooLarge'));
    }
    const content = await f.text();
    const format = /\.(ofx|qfx)$/i.test(f.name) || /<OFX>/i.test(content.slice(0, 2000)) ? 'ofx' : 'csv';
    onFile({ name: f.name, content, format });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1 }}>
            <Button variant="outlined" component="label" startIcon={<Icon name="heroicons_outline:arrow-up-tray" size={20} />}>
              {t('books.import.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,.txt,.ofx,.qfx,text/csv"
                aria-label={t('books.import.file')}
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </Button>
            <Typography variant="body2" sx={{ mt: 1 }} color={fileError ? 'error' : 'text.secondary'}>
              {fileError ?? file?.name ?? t('books.import.file')}
            </Typography>
          </Box>
          <Autocomplete
            freeSolo
            options={(profiles.data?.items ?? []).map((p) => p.bank)}
            inputValue={bank}
            onInputChange={(_e, v) => onBank(v)}
            sx={{ flex: 1, minWidth: 220 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('books.import.bank')}
                helperText={t('books.import.bankHint')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 80 } }}
              />
            )}
          />
          <Button variant="contained" onClick={() => (file ? onRead() : setFileError(t('books.import.fileRequired')))} disabled={readDisabled}>
            {t('books.import.read')}
          </Button>
        </Stack>
        {reading && (
          <Box sx={{ mt: 2 }}>
            <JobProgress job={reading} label={t('books.import.reading', { done: reading.done, total: reading.total })} leave={t('books.import.leave')} />
          </Box>
        )}
        {errors.map((error) => (
          <Alert key={error} severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ))}
        {waiting && (
          <Alert
            severity="info"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => onContinue(waiting.id)}>
                {t('books.import.continue')}
              </Button>
            }
          >
            {t('books.import.waiting', { when: formatDateTime(waiting.updatedAt, i18n.language) })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
