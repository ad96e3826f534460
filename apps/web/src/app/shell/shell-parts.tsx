import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';

export const MAIN_CONTENT_ID = 'main-content';
export const NAVIGATION_ID = 'main-navigation';

/** Lets a keyboard user jump past the navigation; visible only while focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('shell.skipToContent')}
    </Box>
  );
}

/** Cuadre's mark and name; the name is left out where the navigation is too narrow for it. */
export function Logo({ withName = true }: { withName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      // With the name showing, the visible "Cuadre" is the link's name; the mark alone gets one.
      aria-label={withName ? undefined : t('shell.home')}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', flexShrink: 0 }}
    >
      <Box
        aria-hidden
        data-logo-mark
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 18,
        }}
      >
        C
      </Box>
      {withName && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.125rem', letterSpacing: '-0.01em' }}>
          {t('common.appName')}
        </Typography>
      )}
    </Box>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, sm: 3, md: 4 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'body2',
        bgcolor: 'background.paper',
      }}
    >
      {t('common.footer', { year: new Date().getFullYear() })}
    </Box>
  );
}

/** The page's padding inside the shell: tight on a phone, roomier from sm and md up. */
export const CONTENT_PADDING = { px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2.5, sm: 3, md: 4 } } as const;
