import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Chip, FormHelperText, IconButton, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES } from '@cuadre/contracts';
import { Icon } from '@/components/icon';

export const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Why a file cannot be a receipt (its i18n key), or undefined when it can; the server checks its bytes again. */
export function receiptProblem(file: File): string | undefined {
  // A browser that does not know the file's type says "": its name decides here, its bytes on the server.
  const known = file.type ? (ATTACHMENT_TYPES as readonly string[]).includes(file.type) : /\.(jpe?g|png|webp|pdf)$/i.test(file.name);
  if (!known) return 'books.receipts.wrongType';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'books.receipts.tooLarge';
  return undefined;
}

/**
 * A new entry's receipt, held in the form until the entry is saved (it has no id to attach to yet):
 * picked from the files, or on a phone taken with the camera; shown as a chip that removes it.
 */
export function ReceiptPicker({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  // The camera is offered where there is one to hand: a phone's width or a touch screen.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const touch = useMediaQuery('(pointer: coarse)');
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const hintId = useId();

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const why = receiptProblem(picked);
    setProblem(why ? t(why) : undefined);
    if (!why) onChange(picked);
  };
  const input = (ref: React.RefObject<HTMLInputElement | null>, label: string, accept: string, capture?: 'environment') => (
    <input
      ref={ref}
      type="file"
      hidden
      accept={accept}
      capture={capture}
      aria-label={label}
      onChange={(e) => {
        pick(e.target.files?.[0]);
        // The same file picked again after a removal still tells the input.
        e.target.value = '';
      }}
    />
  );

  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h3">
        {t('books.receipts.one')}
      </Typography>
      {file ? (
        // A plain chip and its own remove button: a deletable chip is one control whose removal a screen reader does not announce.
        <Stack
          direction="row"
          spacing={0.5}
          sx={{
            alignItems: 'center',
            minWidth: 0,
          }}
        >
          <Chip
            icon={<Icon name="heroicons_outline:paper-clip" size={18} />}
            label={`${file.name} · ${sizeText(file.size)}`}
            variant="outlined"
            sx={{ minWidth: 0, maxWidth: 'calc(100% - 40px)' }}
          />
          <Tooltip title={t('books.receipts.remove')}>
            <span>
              <IconButton size="small" aria-label={t('books.receipts.removeNamed', { name: file.name })} onClick={() => onChange(null)} disabled={disabled}>
                <Icon name="heroicons_outline:x-mark" size={18} />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<Icon name="heroicons_outline:paper-clip" size={18} />}
            onClick={() => files.current?.click()}
            disabled={disabled}
            aria-describedby={hintId}
          >
            {t('books.receipts.attach')}
          </Button>
          {(phone || touch) && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<Icon name="heroicons_outline:camera" size={18} />}
              onClick={() => camera.current?.click()}
              disabled={disabled}
              aria-describedby={hintId}
            >
              {t('books.receipts.takePhoto')}
            </Button>
          )}
        </Stack>
      )}
      {input(files, t('books.receipts.attach'), ATTACHMENT_TYPES.join(','))}
      {/* The camera's own input: `capture` opens it directly, and a photo is a JPEG the server takes. */}
      {(phone || touch) && input(camera, t('books.receipts.takePhoto'), 'image/*', 'environment')}
      <FormHelperText id={hintId} error={problem !== undefined} role={problem ? 'alert' : undefined}>
        {problem ?? t('books.receipts.heldHint')}
      </FormHelperText>
    </Stack>
  );
}
