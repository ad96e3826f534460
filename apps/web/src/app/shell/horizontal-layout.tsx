import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AppBar, Box, Paper, Toolbar } from '@mui/material';
import { navigationQuery } from '@/lib/queries';
import { HorizontalNavigation } from './horizontal-navigation';
import type { HorizontalLayoutStyle } from './layouts';
import { LoadingBar } from './loading-bar';
import { NavToggle } from './nav-toggle';
import { OverDrawer } from './navigation-panel';
import { CONTENT_PADDING, Footer, Logo, MAIN_CONTENT_ID, SkipLink } from './shell-parts';
import { QuickChatSlot, quickChatRoom } from './quick-chat-slot';
import { TopBarActions } from './top-bar-actions';
import { useNavigationDrawer } from './use-navigation-drawer';

/** centered, enterprise, material and modern: the menu across the top, folded into the drawer below md. */
export function HorizontalLayout({ style }: { style: HorizontalLayoutStyle }) {
  const { t } = useTranslation();
  const { data: navigation } = useSuspenseQuery(navigationQuery);
  const drawer = useNavigationDrawer();
  const items = navigation.horizontal;
  const label = t('shell.mainNavigation');
  const width = { width: '100%', maxWidth: style.boxed ? 1440 : 'none', mx: 'auto' } as const;
  const primary = style.header === 'primary';

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', ...quickChatRoom(style.quickChat) }}>
      <LoadingBar />
      <ScrollRestoration />
      <SkipLink />
      <AppBar
        position="sticky"
        elevation={0}
        color={primary ? 'primary' : 'inherit'}
        sx={(theme) =>
          primary
            ? // On the primary header, the logo mark and the avatar (primary themselves) turn to its text colour. MUI
              // draws a dark header in the dark scheme, where they keep their own colours.
              theme.applyStyles('light', { '& [data-logo-mark], & .MuiAvatar-root': { bgcolor: 'primary.contrastText', color: 'primary.main' } })
            : { bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }
        }
      >
        <Toolbar sx={{ ...width, gap: { xs: 1, md: 2 }, px: { xs: 1, sm: 2, md: 3 } }}>
          {drawer.isOver && <NavToggle isOpen={drawer.overOpen} onToggle={drawer.toggle} />}
          <Logo withName={!drawer.isOver} />
          {!drawer.isOver && !style.menuRow ? <HorizontalNavigation items={items} label={label} /> : <Box sx={{ flex: 1 }} />}
          <TopBarActions />
        </Toolbar>
        {!drawer.isOver && style.menuRow && (
          <Box sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ ...width, px: { md: 2.5 } }}>
              <HorizontalNavigation items={items} label={label} />
            </Box>
          </Box>
        )}
      </AppBar>
      {drawer.isOver && <OverDrawer open={drawer.overOpen} onClose={drawer.closeOver} items={items} tone="surface" user="none" />}
      {style.card && (
        <Box
          aria-hidden
          sx={(theme) => ({
            height: { xs: 96, md: 160 },
            mb: { xs: -10, md: -16 },
            flexShrink: 0,
            bgcolor: (theme.vars ?? theme).palette.primary.main,
            // The dark scheme's primary is a light shade; at full strength the band would glare.
            ...theme.applyStyles('dark', {
              bgcolor: `color-mix(in srgb, ${(theme.vars ?? theme).palette.primary.main} 30%, ${(theme.vars ?? theme).palette.background.default})`,
            }),
          })}
        />
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ ...width, flex: 1, minWidth: 0, outline: 'none', position: 'relative', ...CONTENT_PADDING }}
      >
        {style.card ? (
          <Paper elevation={2} sx={{ p: { xs: 2, sm: 3, md: 4 }, borderRadius: 3 }}>
            <Outlet />
          </Paper>
        ) : (
          <Outlet />
        )}
      </Box>
      <Footer />
      <QuickChatSlot header={style.quickChat} />
    </Box>
  );
}
