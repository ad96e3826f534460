import { useTranslation } from 'react-i18next';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { NavigationItem } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { Icon } from '@/components/icon';
import type { NavigationAppearance, NavigationTone, VerticalLayoutStyle } from './layouts';
import { Logo, NAVIGATION_ID } from './shell-parts';
import { UserAvatar } from './user-avatar';
import { VerticalNavigation } from './vertical-navigation';

const toneBackground = (tone: NavigationTone) => (theme: Theme) => {
  if (tone === 'surface') return (theme.vars ?? theme).palette.background.paper;
  if (tone === 'dark') return '#111827';
  // Inside the dark scheme the primary is a light shade; mixed into near-black it tints the panel and keeps white text readable.
  return `color-mix(in srgb, ${(theme.vars ?? theme).palette.primary.main} 24%, #0b1020)`;
};

/** The signed-in person inside the navigation (classy at the top, futuristic at the bottom). */
function UserBlock({ placement }: { placement: 'top' | 'bottom' }) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const top = placement === 'top';
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: top ? 'column' : 'row',
        alignItems: 'center',
        gap: top ? 1 : 1.5,
        px: 3,
        py: top ? 2.5 : 2,
        textAlign: top ? 'center' : 'left',
        borderTop: top ? 0 : 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    >
      <UserAvatar user={user} size={top ? 72 : 40} />
      <Box sx={{ minWidth: 0, width: top ? '100%' : 'auto', flex: top ? 'none' : 1 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {user.name}
        </Typography>
        <Typography
          noWrap
          variant="body2"
          sx={{
            color: 'text.secondary',
          }}
        >
          {user.email}
        </Typography>
      </Box>
    </Box>
  );
}

interface NavigationPanelProps {
  items: NavigationItem[];
  appearance: NavigationAppearance;
  tone: NavigationTone;
  user: VerticalLayoutStyle['user'];
  /** Shown in the over-layer drawer, which needs its own close button. */
  onClose?: () => void;
}

/**
 * The vertical navigation with its header: the logo, the person (where the layout shows them) and the
 * items. Dark and tinted tones carry the `dark` class, so the scheme's dark colours apply inside the
 * panel even on a light page.
 */
export function NavigationPanel({ items, appearance, tone, user, onClose }: NavigationPanelProps) {
  const { t } = useTranslation();
  const narrow = appearance !== 'default';
  return (
    <Box
      className={tone === 'surface' ? undefined : 'dark'}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: toneBackground(tone),
        color: 'text.primary',
        borderRight: tone === 'surface' ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ height: 64, flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: narrow ? 'center' : 'space-between', px: narrow ? 0 : 3 }}>
        <Logo withName={!narrow} />
        {onClose && (
          <IconButton onClick={onClose} aria-label={t('shell.closeNavigation')} color="inherit" edge="end">
            <Icon name="heroicons_outline:x-mark" size={22} />
          </IconButton>
        )}
      </Box>
      {user === 'top' && <UserBlock placement="top" />}
      <Box component="nav" id={NAVIGATION_ID} aria-label={t('shell.mainNavigation')} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin' }}>
        <VerticalNavigation items={items} appearance={appearance} />
      </Box>
      {user === 'bottom' && <UserBlock placement="bottom" />}
    </Box>
  );
}

/** Below md: the navigation as an over-layer drawer, always in the full appearance so titles stay readable. */
export function OverDrawer({
  open,
  onClose,
  items,
  tone,
  user,
}: {
  open: boolean;
  onClose: () => void;
  items: NavigationItem[];
  tone: NavigationTone;
  user: VerticalLayoutStyle['user'];
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      // Not kept mounted while closed: its slide transition measures the layout on mount, a tenth of a
      // phone's first render, for a drawer most visits never open.
      // The open drawer is a dialog over the page, named like the navigation it holds.
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': t('shell.mainNavigation'), sx: { width: 280, maxWidth: '85vw', border: 0 } } }}
    >
      <NavigationPanel items={items} appearance="default" tone={tone} user={user} onClose={onClose} />
    </Drawer>
  );
}
