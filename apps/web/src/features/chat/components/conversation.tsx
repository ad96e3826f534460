import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { ZChat, type Chat, type ChatMessage } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { EmptyState, QueryView } from '@/components/page-states';
import { api } from '@/lib/api';
import { addSent, chatCalls, chatKeys, chatQuery } from '../api/chat-api';
import { dayLabel, groupByDay, messageTime } from '../lib/group-messages';
import { PersonAvatar } from './chat-list';
import { Composer } from './composer';

/** Whether the page is in front of the reader (a chat is read only when it can be seen). */
function usePageVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * One conversation: the contact in the header, the messages grouped by day with their times as
 * HH:mm, and the composer. While it is shown, the chat is read: its unread count goes to 0 (and its
 * item in the messages panel is read), also when a message arrives over the live channel.
 */
export function Conversation({
  chatId,
  onBack,
  onInfo,
  headerHeight = 64,
  autoFocus,
  actions,
}: {
  chatId: string;
  /** The way back to the list (a phone, the quick chat). */
  onBack?: () => void;
  /** Opens the contact's panel. */
  onInfo?: () => void;
  headerHeight?: number;
  autoFocus?: boolean;
  /** More buttons at the header's end (the quick chat's). */
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const chat = useQuery(chatQuery(chatId));
  const visible = usePageVisible();
  const { done, failed, view } = useNotices();

  const unread = chat.data?.unreadCount ?? 0;
  const markRead = useMutation({
    mutationFn: () => chatCalls.markRead(chatId),
    onSuccess: (c) => {
      qc.setQueryData<Chat>(chatKeys.chat(chatId), (old) => (old ? { ...old, unreadCount: c.unreadCount } : old));
      void qc.invalidateQueries({ queryKey: chatKeys.chats });
    },
  });
  const { mutate: read, isPending: reading } = markRead;
  useEffect(() => {
    if (unread > 0 && visible && !reading) read();
  }, [unread, visible, reading, read]);

  const mute = useMutation({
    mutationFn: (muted: boolean) => chatCalls.mute(chatId, muted),
    onSuccess: (c) => {
      qc.setQueryData<Chat>(chatKeys.chat(chatId), (old) => (old ? { ...old, muted: c.muted } : old));
      void qc.invalidateQueries({ queryKey: chatKeys.chats });
      done(t(c.muted ? 'chat.mutedDone' : 'chat.unmutedDone'));
    },
    onError: failed,
  });

  const send = async (value: string) => {
    try {
      const sent = await chatCalls.send(chatId, value);
      addSent(qc, chatId, sent.message);
      void qc.invalidateQueries({ queryKey: chatKeys.chats });
    } catch (err) {
      failed(err);
      throw err;
    }
  };

  const contact = chat.data?.contact;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.default' }}>
      <Box
        sx={{
          height: headerHeight,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {onBack && (
          <IconButton onClick={onBack} aria-label={t('chat.back')}>
            <Icon name="heroicons_outline:arrow-left" size={22} />
          </IconButton>
        )}
        {contact && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flex: 1, p: 0.5 }}>
              <PersonAvatar name={contact.name} src={contact.avatar} />
              <Box sx={{ minWidth: 0 }}>
                <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                  {contact.name}
                </Typography>
                <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                  {chat.data?.muted ? t('chat.muted') : contact.about}
                </Typography>
              </Box>
            </Box>
            <Tooltip title={t(chat.data?.muted ? 'chat.unmute' : 'chat.mute')}>
              <IconButton
                onClick={() => mute.mutate(!chat.data?.muted)}
                disabled={mute.isPending}
                aria-label={t(chat.data?.muted ? 'chat.unmute' : 'chat.mute')}
                aria-pressed={chat.data?.muted ?? false}
              >
                <Icon name={chat.data?.muted ? 'heroicons_outline:bell-slash' : 'heroicons_outline:bell'} size={22} />
              </IconButton>
            </Tooltip>
            {onInfo && (
              <Tooltip title={t('chat.info')}>
                <IconButton onClick={onInfo} aria-label={t('chat.info')}>
                  <Icon name="heroicons_outline:information-circle" size={22} />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
        {!contact && <Box sx={{ flex: 1 }} />}
        {actions}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <QueryView query={chat}>{(data) => <Messages key={data.id} chat={data} />}</QueryView>
      </Box>
      {chat.data && <Composer onSend={send} autoFocus={autoFocus} />}
      {view}
    </Box>
  );
}

/** The messages, by day, scrolled to the latest; earlier ones on request. */
function Messages({ chat }: { chat: Chat }) {
  const { t, i18n } = useTranslation();
  const latest = chat.messages ?? [];
  const [earlier, setEarlier] = useState<ChatMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState(latest.length >= 100);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = latest.at(-1)?.id;

  // A new last message (sent or received) brings the view to the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const loadEarlier = async () => {
    const first = earlier[0] ?? latest[0];
    if (!first) return;
    setLoadingEarlier(true);
    try {
      const older = await api('apps/chat/chat', { query: { id: chat.id, before: first.createdAt }, schema: ZChat });
      setEarlier((e) => [...(older.messages ?? []), ...e]);
      setHasEarlier((older.messages?.length ?? 0) >= 100);
    } finally {
      setLoadingEarlier(false);
    }
  };

  const all = [...earlier, ...latest];
  if (!all.length) {
    return (
      <Box sx={{ m: 'auto', p: 2 }}>
        <EmptyState icon="heroicons_outline:chat-bubble-oval-left-ellipsis" title={t('chat.noMessagesTitle')} text={t('chat.noMessagesText')} />
      </Box>
    );
  }
  const words = { today: t('chat.today'), yesterday: t('chat.yesterday') };
  return (
    <Box ref={scroller} sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2.5 }, py: 2 }} role="log" aria-live="polite" aria-label={chat.contact.name}>
      {hasEarlier && (
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Button size="small" onClick={() => void loadEarlier()} disabled={loadingEarlier}>
            {t('chat.earlier')}
          </Button>
        </Box>
      )}
      {groupByDay(all).map((g) => (
        <Box key={g.day} component="section" aria-label={dayLabel(g.day, i18n.language, words)} sx={{ mb: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 1.5, position: 'sticky', top: 0, zIndex: 1 }}>
            <Typography
              variant="caption"
              component="h3"
              sx={{
                px: 1.5,
                py: 0.25,
                borderRadius: 8,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                color: 'text.secondary',
                fontWeight: 600,
              }}
            >
              {dayLabel(g.day, i18n.language, words)}
            </Typography>
          </Box>
          {g.messages.map((m) => (
            <Box key={m.id} sx={{ display: 'flex', justifyContent: m.isMine ? 'flex-end' : 'flex-start', mb: 0.75 }}>
              <Box
                sx={{
                  maxWidth: { xs: '85%', sm: '75%' },
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  borderBottomRightRadius: m.isMine ? 4 : undefined,
                  borderBottomLeftRadius: m.isMine ? undefined : 4,
                  bgcolor: m.isMine ? 'primary.main' : 'background.paper',
                  color: m.isMine ? 'primary.contrastText' : 'text.primary',
                  border: m.isMine ? 0 : 1,
                  borderColor: 'divider',
                }}
              >
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={visuallyHidden}>
                    {m.isMine ? t('chat.you') : chat.contact.name}:{' '}
                  </Box>
                  {m.value}
                </Typography>
                <Typography
                  variant="caption"
                  component="time"
                  dateTime={m.createdAt}
                  sx={{ display: 'block', textAlign: 'right', mt: 0.25, color: m.isMine ? 'inherit' : 'text.secondary' }}
                >
                  {messageTime(m.createdAt, i18n.language)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
