import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, IconButton, List, ListItem, Tooltip, Typography } from '@mui/material';
import type { PanelItem } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { formatPanelTime } from '@/lib/format';
import { panelCalls, panelQuery, type Box as PanelBox } from '@/lib/panels';
import { PanelHeader } from './panel-button';

/**
 * The messages or the notifications panel (docs/product.md, "Top bar, user menu and panels"): each entry with its icon or image, title,
 * description (as text), time and link; mark as read or unread and remove per entry; mark all as
 * read for the panel, disabled when nothing is unread.
 */
export default function ItemsPanel({ box, onClose }: { box: PanelBox; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notices = useNotices();
  const list = useQuery(panelQuery(box));
  const calls = panelCalls(box);
  const items = list.data ?? [];
  const unread = items.filter((i) => !i.read).length;
  const refresh = () => qc.invalidateQueries({ queryKey: panelQuery(box).queryKey });
  const act = useMutation({ mutationFn: (fn: () => Promise<unknown>) => fn(), onSettled: refresh, onError: notices.failed });
  const label = t(`shell.panels.${box}.title`);

  const open = (item: PanelItem) => {
    if (!item.link) return;
    if (!item.read) act.mutate(() => calls.update(item.id, { read: true }));
    onClose();
    if (item.useRouter) void navigate(item.link);
    else window.open(item.link, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <PanelHeader title={label} onClose={onClose}>
        <Tooltip title={t('shell.panels.markAllRead')}>
          <span>
            <IconButton
              size="small"
              sx={{ color: 'inherit' }}
              disabled={unread === 0 || act.isPending}
              onClick={() => act.mutate(calls.markAllRead)}
              aria-label={t('shell.panels.markAllRead')}
            >
              <Icon name="heroicons_outline:envelope-open" size={20} />
            </IconButton>
          </span>
        </Tooltip>
      </PanelHeader>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {list.isError ? (
          <Box sx={{ p: 3 }}>
            <Typography variant="body2" color="error">
              {t('shell.panels.failed')}
            </Typography>
            <Button size="small" onClick={() => void list.refetch()}>
              {t('shell.panels.retry')}
            </Button>
          </Box>
        ) : items.length === 0 && !list.isPending ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <Icon name={box === 'messages' ? 'heroicons_outline:envelope' : 'heroicons_outline:bell'} size={40} sx={{ color: 'text.disabled' }} />
            <Typography sx={{ mt: 1, fontWeight: 600 }}>{t(`shell.panels.${box}.empty`)}</Typography>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
              }}
            >
              {t(`shell.panels.${box}.emptyText`)}
            </Typography>
          </Box>
        ) : (
          <List disablePadding aria-label={label}>
            {items.map((item) => (
              <ListItem
                key={item.id}
                divider
                sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, bgcolor: item.read ? undefined : 'action.hover' }}
                secondaryAction={undefined}
              >
                {item.image ? (
                  <Box component="img" src={item.image} alt="" sx={{ width: 32, height: 32, borderRadius: '50%', objectFit: 'cover', flexShrink: 0 }} />
                ) : (
                  <Icon name={item.icon ?? 'heroicons_outline:bell'} size={24} sx={{ color: 'primary.main', mt: 0.25 }} />
                )}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {item.link ? (
                    <Box
                      component="button"
                      type="button"
                      onClick={() => open(item)}
                      sx={{
                        all: 'unset',
                        cursor: 'pointer',
                        display: 'block',
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                      }}
                    >
                      <Typography sx={{ fontWeight: item.read ? 500 : 700, fontSize: 14 }}>{item.title}</Typography>
                    </Box>
                  ) : (
                    <Typography sx={{ fontWeight: item.read ? 500 : 700, fontSize: 14 }}>{item.title}</Typography>
                  )}
                  {item.description && (
                    <Typography
                      variant="body2"
                      sx={{
                        color: 'text.secondary',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {item.description}
                    </Typography>
                  )}
                  <Typography
                    variant="caption"
                    sx={{
                      color: 'text.secondary',
                    }}
                  >
                    {formatPanelTime(item.time, i18n.language)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexDirection: 'column', flexShrink: 0 }}>
                  <Tooltip title={item.read ? t('shell.panels.markUnread') : t('shell.panels.markRead')}>
                    <IconButton
                      size="small"
                      onClick={() => act.mutate(() => calls.toggle(item.id))}
                      aria-label={`${item.read ? t('shell.panels.markUnread') : t('shell.panels.markRead')}: ${item.title}`}
                    >
                      <Box
                        component="span"
                        sx={{
                          width: 10,
                          height: 10,
                          borderRadius: '50%',
                          border: 2,
                          borderColor: 'primary.main',
                          bgcolor: item.read ? 'transparent' : 'primary.main',
                        }}
                      />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('shell.panels.remove')}>
                    <IconButton size="small" onClick={() => act.mutate(() => calls.remove(item.id))} aria-label={`${t('shell.panels.remove')}: ${item.title}`}>
                      <Icon name="heroicons_outline:x-mark" size={16} />
                    </IconButton>
                  </Tooltip>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {notices.view}
    </>
  );
}
