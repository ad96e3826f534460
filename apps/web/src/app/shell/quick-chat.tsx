import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Box, IconButton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Icon } from '@/components/icon';
import { chatsQuery } from '@/lib/chat';
import { ChatList } from '@/features/chat/components/chat-list';
import { Conversation } from '@/features/chat/components/conversation';
import { QUICK_CHAT_WIDTH } from './quick-chat-slot';

const PANEL_WIDTH = 360;

/**
 * The quick chat (spec 000: opened or closed; selecting a chat opens it and loads that chat by id;
 * header 64 px, 80 in the enterprise and modern layouts; messages grouped by day, times HH:mm). Closed,
 * a column of the chats at the right edge with their unread counts; open, the chat beside it, over the
 * page. Escape closes it. Wide screens only: on a phone the chat screen is the way in.
 */
export default function QuickChat({ headerHeight }: { headerHeight: 64 | 80 }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chatId, setChatId] = useState<string | undefined>();
  // Loaded with the shell (guards.ts); kept current by the live channel.
  const chats = useQuery(chatsQuery);
  const unread = chats.data?.reduce((n, c) => n + (c.muted ? 0 : c.unreadCount), 0) ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const select = (id: string) => {
    setChatId(id);
    setOpen(true);
  };
  const toggleLabel = t(open ? 'chat.quick.close' : 'chat.quick.open');
  // The badge's number is part of the button's name (a screen reader hears what the eye sees).
  const toggleName = !open && unread > 0 ? `${toggleLabel} ${unread > 99 ? '99+' : unread}` : toggleLabel;

  return (
    <Box
      component="aside"
      aria-label={t('chat.quick.title')}
      sx={{
        // From 1440 px: at 1280 its column would take the room a year's twelve months need beside their total.
        display: { xs: 'none', xl: 'flex' },
        position: 'fixed',
        top: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        bgcolor: 'background.paper',
        borderLeft: 1,
        borderColor: 'divider',
        boxShadow: open ? 8 : 0,
      }}
    >
      {open && (
        <Box sx={{ width: PANEL_WIDTH, display: 'flex', flexDirection: 'column', borderRight: 1, borderColor: 'divider' }}>
          {chatId ? (
            <Conversation
              key={chatId}
              chatId={chatId}
              headerHeight={headerHeight}
              autoFocus
              actions={
                <Tooltip title={t('chat.quick.all')}>
                  <IconButton component={RouterLink} to={`/apps/chat/${chatId}`} onClick={() => setOpen(false)} aria-label={t('chat.quick.all')}>
                    <Icon name="heroicons_outline:arrow-top-right-on-square" size={20} />
                  </IconButton>
                </Tooltip>
              }
            />
          ) : (
            <>
              <Box sx={{ height: headerHeight, display: 'flex', alignItems: 'center', px: 2, borderBottom: 1, borderColor: 'divider' }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t('chat.quick.title')}
                </Typography>
              </Box>
              <Box sx={{ m: 'auto', p: 3, textAlign: 'center', color: 'text.secondary' }}>
                <Typography variant="body2">{chats.data?.length ? t('chat.selectTitle') : t('chat.quick.noChats')}</Typography>
              </Box>
            </>
          )}
        </Box>
      )}
      <Box sx={{ width: QUICK_CHAT_WIDTH, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{ height: headerHeight, flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', borderBottom: 1, borderColor: 'divider' }}
        >
          {/* Named by its own text, as the top bar's panel buttons are: what the badge shows is part of what is read. */}
          <Tooltip title={toggleLabel} placement="left" describeChild>
            <IconButton onClick={() => setOpen((o) => !o)} aria-expanded={open} color={open ? 'primary' : 'default'}>
              <Box component="span" sx={visuallyHidden}>
                {toggleName}
              </Box>
              {!open && unread > 0 ? (
                <Badge color="primary" badgeContent={unread} max={99}>
                  <Icon name="heroicons_outline:chat-bubble-left-right" size={24} />
                </Badge>
              ) : (
                <Icon name={open ? 'heroicons_outline:x-mark' : 'heroicons_outline:chat-bubble-left-right'} size={24} />
              )}
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
          {chats.data && <ChatList chats={chats.data} selectedId={open ? chatId : undefined} onSelect={(c) => select(c.id)} avatarsOnly />}
        </Box>
      </Box>
    </Box>
  );
}
