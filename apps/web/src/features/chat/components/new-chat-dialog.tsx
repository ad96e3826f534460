import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Chat } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { EmptyState, QueryView } from '@/components/page-states';
import { chatCalls, chatKeys, contactsQuery } from '../api/chat-api';
import { PersonAvatar } from './chat-list';

/** Starts (or finds) the chat with one of the people the reader may write to. */
export function NewChatDialog({ open, onClose, onOpened }: { open: boolean; onClose: () => void; onOpened: (chat: Chat) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const contacts = useQuery({ ...contactsQuery, enabled: open });
  const { failed, view } = useNotices();
  const start = useMutation({
    mutationFn: chatCalls.open,
    onSuccess: (chat) => {
      void qc.invalidateQueries({ queryKey: chatKeys.chats });
      onOpened(chat);
    },
    onError: failed,
  });
  return (
    <>
      <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby="new-chat-title">
        <DialogTitle id="new-chat-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <span style={{ flex: 1 }}>{t('chat.newChatTitle')}</span>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Icon name="heroicons_outline:x-mark" size={22} />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ px: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 3, mb: 1 }}>
            {t('chat.newChatText')}
          </Typography>
          <QueryView
            query={contacts}
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState icon="heroicons_outline:users" title={t('chat.noContactsTitle')} text={t('chat.noContactsText')} />}
          >
            {(list) => (
              <List>
                {list.map((c) => (
                  <ListItemButton key={c.id} onClick={() => start.mutate(c.id)} disabled={start.isPending} sx={{ gap: 1.5, px: 3 }}>
                    <ListItemAvatar sx={{ minWidth: 0 }}>
                      <PersonAvatar name={c.name} src={c.avatar} />
                    </ListItemAvatar>
                    <ListItemText primary={c.name} secondary={c.about} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                  </ListItemButton>
                ))}
              </List>
            )}
          </QueryView>
        </DialogContent>
      </Dialog>
      {view}
    </>
  );
}
