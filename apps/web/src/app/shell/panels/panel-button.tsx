import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Box, CircularProgress, Dialog, IconButton, Popover, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { Icon } from '@/components/icon';
// Screen-reader-only text: 1 px, clipped (in sx a bare 1 would be 100 %, and the text overflowed a phone's page).
import { visuallyHidden } from '@mui/utils';

/** Above this the badge shows "99+". */
const MAX = 99;

/**
 * A top-bar button that opens a panel: a popover 90 units (360 px) wide on larger screens, the whole
 * screen on a phone (docs/product.md, "Top bar, user menu and panels"). The panel's code is loaded
 * when it is first opened; the badge shows a count only above 0.
 */
export function PanelButton({ icon, label, count = 0, children }: { icon: string; label: string; count?: number; children: (close: () => void) => ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  const content = (
    <Suspense
      fallback={
        <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress size={28} aria-label={label} />
        </Box>
      }
    >
      {anchor && children(close)}
    </Suspense>
  );
  return (
    <>
      {/* The name comes from the button's own text (the label and the count the badge shows, hidden: MUI 9
          hides the badge itself from assistive technology), so what is seen is always part of what is read;
          the tooltip describes rather than names. */}
      <Tooltip title={label} describeChild>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog" aria-controls={anchor ? id : undefined} aria-expanded={!!anchor}>
          <Box component="span" sx={visuallyHidden}>
            {count > 0 ? `${label} ${count > MAX ? `${MAX}+` : count}` : label}
          </Box>
          {count > 0 ? (
            <Badge badgeContent={count} color="secondary" max={MAX}>
              <Icon name={icon} size={22} />
            </Badge>
          ) : (
            <Icon name={icon} size={22} />
          )}
        </IconButton>
      </Tooltip>
      {phone ? (
        <Dialog open={!!anchor} onClose={close} fullScreen slotProps={{ paper: { id, 'aria-label': label } }}>
          {content}
        </Dialog>
      ) : (
        <Popover
          open={!!anchor}
          anchorEl={anchor}
          onClose={close}
          id={id}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-label': label,
              sx: { width: 360, maxHeight: 'min(640px, calc(100vh - 96px))', display: 'flex', flexDirection: 'column' },
            },
          }}
        >
          {content}
        </Popover>
      )}
    </>
  );
}

/** The panel's header: its title, a close button on a phone, and its actions. */
export function PanelHeader({ title, onClose, children }: { title: string; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, bgcolor: 'primary.main', color: 'primary.contrastText', flexShrink: 0 }}>
      <IconButton onClick={onClose} aria-label={t('shell.panels.close')} size="small" sx={{ color: 'inherit', display: { sm: 'none' } }}>
        <Icon name="heroicons_outline:x-mark" size={20} />
      </IconButton>
      <Box component="h2" sx={{ m: 0, fontSize: 18, fontWeight: 600, flex: 1 }}>
        {title}
      </Box>
      {children}
    </Box>
  );
}
