import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { Icon } from '@/components/icon';

/**
 * Where files are dropped, around the folder's list, and the upload button. Each file is sent on its
 * own, one after the other; the page says what was kept and what was refused.
 */
export function UploadZone({ disabled, busy, onFiles, children }: { disabled: boolean; busy: boolean; onFiles: (files: File[]) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => !disabled && Array.from(e.dataTransfer.types).includes('Files');
  return (
    <Box
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onFiles(files);
      }}
      sx={{ position: 'relative', borderRadius: 1, outline: over ? '2px dashed' : 'none', outlineColor: 'primary.main', outlineOffset: 4 }}
    >
      {children}
      {over && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.paper',
            opacity: 0.92,
            pointerEvents: 'none',
            borderRadius: 1,
          }}
        >
          <Typography variant="h6">{t('files.dropHere')}</Typography>
        </Box>
      )}
      {busy && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, color: 'text.secondary' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('files.uploading')}</Typography>
        </Box>
      )}
    </Box>
  );
}

/** The upload button: a hidden file input, several files at once. */
export function UploadButton({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Icon name="heroicons_outline:arrow-up-tray" size={20} />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {t('files.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
