import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, IconButton, Link, Stack, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { QueryView } from '@/components/page-states';
import { contactQuery } from '../api/chat-api';
import { PersonAvatar } from './chat-list';

/** The contact's panel (spec 001: contact info): who they are, from their own account. */
export function ContactInfo({ contactId, onClose, headerHeight = 64 }: { contactId: string; onClose: () => void; headerHeight?: number }) {
  const { t } = useTranslation();
  const contact = useQuery(contactQuery(contactId));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.paper' }} role="complementary" aria-label={t('chat.info')}>
      <Box sx={{ height: headerHeight, flexShrink: 0, display: 'flex', alignItems: 'center', gap: 1, px: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton onClick={onClose} aria-label={t('chat.closeInfo')}>
          <Icon name="heroicons_outline:x-mark" size={22} />
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('chat.info')}
        </Typography>
      </Box>
      <Box sx={{ overflowY: 'auto', p: 3 }}>
        <QueryView query={contact}>
          {(c) => (
            <Stack spacing={3} sx={{ alignItems: 'stretch' }}>
              <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
                <PersonAvatar name={c.name} src={c.avatar} size={96} />
                <Typography variant="h6" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {c.name}
                </Typography>
                {c.details.title && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {c.details.title}
                  </Typography>
                )}
              </Stack>
              <Box>
                <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                  {t('chat.about')}
                </Typography>
                <Typography variant="body2">{c.about}</Typography>
              </Box>
              {c.details.emails.map((e) => (
                <Box key={e.email}>
                  <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                    {e.label || t('chat.email')}
                  </Typography>
                  <Link href={`mailto:${e.email}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {e.email}
                  </Link>
                </Box>
              ))}
              {c.details.company && (
                <Box>
                  <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                    {t('chat.company')}
                  </Typography>
                  <Typography variant="body2">{c.details.company}</Typography>
                </Box>
              )}
            </Stack>
          )}
        </QueryView>
      </Box>
    </Box>
  );
}
