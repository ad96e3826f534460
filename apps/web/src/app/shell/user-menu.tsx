import { useId, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Box, Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import { USER_STATUSES, type Presence } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { Icon } from '@/components/icon';
import { PRESENCE_COLORS } from '@/lib/presence';
import { ShellSnackbar } from './shell-snackbar';
import { useUpdateUser } from './use-update-user';
import { UserAvatar } from './user-avatar';

function PresenceDot({ status }: { status: Presence }) {
  // Centred in the 22 px the menu's other icons take, so the rows line up.
  return (
    <Box component="span" aria-hidden sx={{ width: 22, display: 'inline-flex', justifyContent: 'center' }}>
      <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: PRESENCE_COLORS[status] }} />
    </Box>
  );
}

/**
 * The user menu (docs/product.md, "Top bar, user menu and panels"): who is signed in, Profile, the presence status submenu, and
 * sign-out. Both menus are MUI menus, so arrows, Enter, Escape and focus return work from the keyboard;
 * ArrowRight opens the status submenu and ArrowLeft closes it, as in a desktop menu.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const update = useUpdateUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [statusAnchor, setStatusAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const statusMenuId = useId();

  const close = () => {
    setStatusAnchor(null);
    setAnchor(null);
  };
  const chooseStatus = (status: Presence) => {
    close();
    if (status !== user.status) update.mutate({ status });
  };
  const openStatusWithKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      setStatusAnchor(e.currentTarget);
    }
  };
  const closeStatusWithKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      setStatusAnchor(null);
    }
  };
  const statusLabel = t(`shell.statuses.${user.status}`);

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('shell.userMenuLabel', { status: statusLabel })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={34} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 320 } } }}
      >
        {/* Not a menu item: who is signed in, read as text (role none keeps the menu's children valid). */}
        <ListSubheader role="none" disableSticky sx={{ lineHeight: 1.4, py: 1.25, bgcolor: 'transparent' }}>
          <Typography
            variant="body2"
            component="span"
            sx={{
              color: 'text.secondary',
              display: 'block',
            }}
          >
            {t('shell.signedInAs')}
          </Typography>
          <Typography
            variant="body2"
            component="span"
            sx={{
              color: 'text.primary',
              display: 'block',
              fontWeight: 600,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {user.email}
          </Typography>
        </ListSubheader>
        <Divider />
        <MenuItem component={RouterLink} to="/usersettings" onClick={close}>
          <ListItemIcon>
            <Icon name="heroicons_outline:user-circle" size={22} />
          </ListItemIcon>
          <ListItemText>{t('shell.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={(e) => setStatusAnchor(e.currentTarget)}
          onKeyDown={openStatusWithKey}
          aria-haspopup="menu"
          aria-controls={statusAnchor ? statusMenuId : undefined}
          aria-expanded={statusAnchor ? true : false}
        >
          <ListItemIcon>
            <PresenceDot status={user.status} />
          </ListItemIcon>
          <ListItemText primary={t('shell.status')} secondary={statusLabel} />
          <Icon name="heroicons_outline:chevron-right" size={18} />
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to="/sign-out" onClick={close}>
          <ListItemIcon>
            <Icon name="heroicons_outline:arrow-right-start-on-rectangle" size={22} />
          </ListItemIcon>
          <ListItemText>{t('shell.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
      <Menu
        id={statusMenuId}
        anchorEl={statusAnchor}
        open={!!statusAnchor}
        onClose={() => setStatusAnchor(null)}
        onKeyDown={closeStatusWithKey}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('shell.status') } }}
      >
        {USER_STATUSES.map((status) => (
          <MenuItem
            key={status}
            selected={status === user.status}
            onClick={() => chooseStatus(status)}
            role="menuitemradio"
            aria-checked={status === user.status}
          >
            <ListItemIcon>
              <PresenceDot status={status} />
            </ListItemIcon>
            <ListItemText>{t(`shell.statuses.${status}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <ShellSnackbar message={update.error ? t('shell.statusFailed', { message: update.error.message }) : undefined} onClose={update.reset} />
    </>
  );
}
