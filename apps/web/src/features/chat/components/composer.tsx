import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, IconButton, TextField } from '@mui/material';
import { CHAT_MESSAGE_MAX } from '@cuadre/contracts';
import { Icon } from '@/components/icon';

/**
 * Where a message is written: Enter sends it, Shift+Enter starts a new line (spec: the chat's
 * keyboard). What was typed stays if sending fails, so nothing is lost.
 */
export function Composer({ onSend, disabled, autoFocus }: { onSend: (value: string) => Promise<unknown>; disabled?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);
  const canSend = value.trim().length > 0 && !sending && !disabled;
  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(value.trim());
      setValue('');
    } catch {
      // The caller says what failed; the text stays to be sent again.
    } finally {
      setSending(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <TextField
        multiline
        maxRows={6}
        fullWidth
        size="small"
        autoFocus={autoFocus}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends; Shift+Enter is a new line; a composition in progress (an IME) keeps its Enter.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        placeholder={t('chat.composerPlaceholder')}
        slotProps={{ htmlInput: { 'aria-label': t('chat.composerLabel'), maxLength: CHAT_MESSAGE_MAX, title: t('chat.composerHint') } }}
      />
      <IconButton type="submit" color="primary" disabled={!canSend} aria-label={t('chat.send')} sx={{ mb: 0.25 }}>
        <Icon name="heroicons_solid:paper-airplane" size={22} />
      </IconButton>
    </Box>
  );
}
