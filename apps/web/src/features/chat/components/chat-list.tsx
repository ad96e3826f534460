import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Box, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { Chat } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { listTime } from '../lib/group-messages';

/** A person's picture, or their initial. */
export function PersonAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  return (
    <Avatar src={src ?? undefined} alt="" sx={{ width: size, height: size, fontSize: size * 0.42 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/**
 * The chats, the latest first: who, their last message and when, the unread count. `onSelect`
 * opens one; the selected one is marked for screen readers too (`aria-current`).
 */
export function ChatList({
  chats,
  selectedId,
  onSelect,
  avatarsOnly,
}: {
  chats: Chat[];
  selectedId?: string;
  onSelect: (chat: Chat) => void;
  avatarsOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List disablePadding aria-label={t('chat.chats')}>
      {chats.map((c) => {
        const selected = c.id === selectedId;
        const unread = c.unreadCount > 0 ? t('chat.unread', { count: c.unreadCount }) : undefined;
        return (
          <ListItem key={c.id} disablePadding>
            <ListItemButton
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c)}
              sx={{ gap: 1.5, py: 1.25, px: avatarsOnly ? 1.5 : 2, justifyContent: avatarsOnly ? 'center' : 'flex-start' }}
            >
              <ListItemAvatar sx={{ minWidth: 0 }}>
                <Badge
                  color="primary"
                  badgeContent={c.unreadCount}
                  max={99}
                  invisible={c.unreadCount === 0 || !avatarsOnly}
                  overlap="circular"
                  slotProps={{ badge: { 'aria-hidden': true } }}
                >
                  <PersonAvatar name={c.contact.name} src={c.contact.avatar} />
                </Badge>
              </ListItemAvatar>
              {avatarsOnly && (
                // Only the picture shows; the name and the count are read out.
                <Box component="span" sx={visuallyHidden}>
                  {[c.contact.name, unread].filter(Boolean).join(', ')}
                </Box>
              )}
              {!avatarsOnly && (
                <>
                  <ListItemText
                    sx={{ minWidth: 0, my: 0 }}
                    primary={c.contact.name}
                    secondary={c.lastMessage ?? c.contact.about}
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: c.unreadCount ? 700 : 500 } },
                      secondary: { noWrap: true, sx: { color: c.unreadCount ? 'text.primary' : 'text.secondary' } },
                    }}
                  />
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
                    {c.lastMessageAt && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {listTime(c.lastMessageAt, i18n.language)}
                      </Typography>
                    )}
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 20 }}>
                      {c.muted && (
                        <Box component="span" sx={{ display: 'flex', color: 'text.secondary' }}>
                          <Icon name="heroicons_outline:speaker-x-mark" size={16} title={t('chat.muted')} />
                        </Box>
                      )}
                      {c.unreadCount > 0 && (
                        <Box
                          component="span"
                          aria-label={unread}
                          sx={{
                            minWidth: 20,
                            height: 20,
                            px: 0.75,
                            borderRadius: 10,
                            bgcolor: 'primary.main',
                            color: 'primary.contrastText',
                            fontSize: 12,
                            fontWeight: 700,
                            display: 'flex',
                            alignItems: 'center',
                            justifyContent: 'center',
                          }}
                        >
                          {c.unreadCount > 99 ? '99+' : c.unreadCount}
                        </Box>
                      )}
                    </Box>
                  </Box>
                </>
              )}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
