import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Drawer, InputAdornment, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Icon } from '@/components/icon';
import { EmptyState, QueryView } from '@/components/page-states';
import { currentUserQuery } from '@/lib/queries';
import { chatsQuery } from '../api/chat-api';
import { ChatList } from '../components/chat-list';
import { ContactInfo } from '../components/contact-info';
import { Conversation } from '../components/conversation';
import { NewChatDialog } from '../components/new-chat-dialog';

/** How much of the window the top bar, the page's padding and the footer take; the chat fills the rest. */
const CHROME = { xs: 'calc(100dvh - 64px - 40px)', md: 'calc(100dvh - 64px - 64px - 57px)' };

/**
 * /apps/chat and /apps/chat/:id (spec 001 §2 "Chat": the chat list, one conversation, the contact's
 * panel). On a wide screen the list and the conversation side by side, the contact's panel beside
 * them; on a phone one at a time, the list first.
 */
export default function ChatScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // Beside the conversation only where both keep room (the navigation and the quick chat take their share too).
  const infoBeside = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  const chats = useQuery(chatsQuery);
  const { data: user } = useQuery({ ...currentUserQuery, enabled: false });
  const [search, setSearch] = useState('');
  const [newOpen, setNewOpen] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);

  // The chats are few (one per person one writes to): the search narrows the list already here.
  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    return q ? chats.data?.filter((c) => c.contact.name.toLocaleLowerCase().includes(q)) : chats.data;
  }, [chats.data, search]);
  const selected = chats.data?.find((c) => c.id === id);
  const open = (chatId: string) => {
    setInfoOpen(false);
    void navigate(`/apps/chat/${chatId}`);
  };

  const list = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.paper' }}>
      <Box sx={{ p: 2, pb: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, flex: 1 }}>
            {t('chat.title')}
          </Typography>
          <Button variant="contained" size="small" startIcon={<Icon name="heroicons_outline:plus" size={18} />} onClick={() => setNewOpen(true)}>
            {t('chat.newChat')}
          </Button>
        </Box>
        <TextField
          size="small"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('chat.searchPlaceholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('chat.searchLabel') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Icon name="heroicons_outline:magnifying-glass" size={18} />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <QueryView
          query={chats}
          isEmpty={(all) => all.length === 0}
          empty={
            <EmptyState
              icon="heroicons_outline:chat-bubble-left-right"
              title={t('chat.emptyTitle')}
              text={t(user?.role === 'admin' ? 'chat.emptyTextAdmin' : 'chat.emptyTextUser')}
              action={
                <Button variant="contained" onClick={() => setNewOpen(true)}>
                  {t('chat.newChat')}
                </Button>
              }
            />
          }
        >
          {() =>
            shown?.length ? (
              <ChatList chats={shown} selectedId={id} onSelect={(c) => open(c.id)} />
            ) : (
              <EmptyState icon="heroicons_outline:magnifying-glass" title={t('chat.noMatchTitle')} text={t('chat.noMatchText')} />
            )
          }
        </QueryView>
      </Box>
    </Box>
  );

  const conversation = id ? (
    <Conversation
      key={id}
      chatId={id}
      onBack={wide ? undefined : () => void navigate('/apps/chat')}
      onInfo={selected ? () => setInfoOpen((o) => !o) : undefined}
      autoFocus={wide}
    />
  ) : (
    <Box sx={{ m: 'auto', p: 3 }}>
      <EmptyState icon="heroicons_outline:chat-bubble-oval-left-ellipsis" title={t('chat.selectTitle')} text={t('chat.selectText')} />
    </Box>
  );

  const info = selected && infoOpen ? <ContactInfo contactId={selected.contactId} onClose={() => setInfoOpen(false)} /> : null;

  return (
    <Box
      sx={{
        height: CHROME,
        minHeight: 420,
        display: 'flex',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        mx: { xs: -1, sm: 0 },
      }}
    >
      {(wide || !id) && <Box sx={{ width: wide ? 340 : '100%', flexShrink: 0, borderRight: wide ? 1 : 0, borderColor: 'divider', minHeight: 0 }}>{list}</Box>}
      {!wide && id && (
        // The list (with the page's heading) is not shown beside the conversation on a phone; the page keeps its heading.
        <Typography component="h1" sx={visuallyHidden}>
          {t('chat.title')}
        </Typography>
      )}
      {(wide || id) && <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{conversation}</Box>}
      {info && infoBeside && <Box sx={{ width: 320, flexShrink: 0, borderLeft: 1, borderColor: 'divider' }}>{info}</Box>}
      {!infoBeside && (
        <Drawer anchor="right" open={!!info} onClose={() => setInfoOpen(false)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } } } }}>
          {info}
        </Drawer>
      )}
      <NewChatDialog
        open={newOpen}
        onClose={() => setNewOpen(false)}
        onOpened={(c) => {
          setNewOpen(false);
          open(c.id);
        }}
      />
    </Box>
  );
}
