import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import type { Session } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { EmptyState, QueryView } from '@/components/page-states';
import { formatDateTime, formatRelative } from '@/lib/format';
import { endSession, sessionsQuery } from '../api/settings-api';
import { describeUserAgent } from '../lib/user-agent';

/** Where this account is signed in, and a way to end any of those sessions. */
export function SessionsList({ onSaved, onError }: { onSaved: (text: string) => void; onError: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery);
  const [ending, setEnding] = useState<Session | null>(null);

  const end = useMutation({
    mutationFn: (s: Session) => endSession(s.id),
    onSuccess: async () => {
      setEnding(null);
      await qc.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      onSaved(t('settings.sessions.ended'));
    },
    onError: (err) => {
      setEnding(null);
      onError(err.message);
    },
  });

  const confirm = () => {
    if (!ending) return;
    // Ending this device's own session is signing out; the sign-out page ends it on the server.
    if (ending.current) void navigate('/sign-out');
    else end.mutate(ending);
  };

  const deviceName = (s: Session) => {
    const d = describeUserAgent(s.userAgent);
    if (d.browser && d.os) return t('settings.sessions.browserOn', { browser: d.browser, os: d.os });
    return d.browser ?? d.os ?? t('settings.sessions.unknownDevice');
  };

  return (
    <QueryView
      query={sessions}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState icon="heroicons_outline:computer-desktop" title={t('settings.sessions.emptyTitle')} />}
    >
      {(data) => {
        // This device first, then the most recently seen.
        const list = [...data].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));

        return (
          <>
            <List disablePadding aria-label={t('settings.sessions.title')}>
              {list.map((s) => {
                const d = describeUserAgent(s.userAgent);
                return (
                  <ListItem key={s.id} divider sx={{ flexWrap: 'wrap', gap: 1, pr: 0, alignItems: 'flex-start' }}>
                    <ListItemIcon sx={{ minWidth: 40, mt: 1 }}>
                      <Icon name={d.isMobile ? 'heroicons_outline:device-phone-mobile' : 'heroicons_outline:computer-desktop'} size={24} />
                    </ListItemIcon>
                    <ListItemText
                      sx={{ flex: '1 1 220px', minWidth: 0 }}
                      primary={
                        <Stack
                          direction="row"
                          spacing={1}
                          useFlexGap
                          sx={{
                            alignItems: 'center',
                            flexWrap: 'wrap',
                          }}
                        >
                          <Typography component="span" sx={{ fontWeight: 600 }}>
                            {deviceName(s)}
                          </Typography>
                          {s.current && <Chip size="small" color="success" label={t('settings.sessions.thisDevice')} />}
                          {s.mfa && <Chip size="small" variant="outlined" label={t('settings.sessions.mfa')} />}
                        </Stack>
                      }
                      secondary={
                        <>
                          <Box component="span" sx={{ display: 'block' }}>
                            {t('settings.sessions.ip', { ip: s.ip ?? t('settings.sessions.unknownIp') })}
                          </Box>
                          <Tooltip title={formatDateTime(s.lastSeenAt, i18n.language)}>
                            <Box component="span" sx={{ display: 'block' }}>
                              {t('settings.sessions.lastSeen', { when: formatRelative(s.lastSeenAt, i18n.language) })}
                              {' · '}
                              {t('settings.sessions.started', { when: formatDateTime(s.createdAt, i18n.language) })}
                            </Box>
                          </Tooltip>
                        </>
                      }
                    />
                    <Box sx={{ alignSelf: 'center', ml: { xs: 5, sm: 'auto' } }}>
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        onClick={() => setEnding(s)}
                        // The name starts with what the button says, then which device it is about.
                        aria-label={`${s.current ? t('settings.sessions.signOut') : t('settings.sessions.end')} (${deviceName(s)})`}
                      >
                        {s.current ? t('settings.sessions.signOut') : t('settings.sessions.end')}
                      </Button>
                    </Box>
                  </ListItem>
                );
              })}
            </List>
            <ConfirmDialog
              open={!!ending}
              title={ending?.current ? t('settings.sessions.confirmCurrentTitle') : t('settings.sessions.confirmTitle')}
              text={
                ending?.current ? t('settings.sessions.confirmCurrentText') : t('settings.sessions.confirmText', { device: ending ? deviceName(ending) : '' })
              }
              confirmLabel={ending?.current ? t('settings.sessions.signOut') : t('settings.sessions.end')}
              destructive
              pending={end.isPending}
              onConfirm={confirm}
              onClose={() => setEnding(null)}
            />
          </>
        );
      }}
    </QueryView>
  );
}
