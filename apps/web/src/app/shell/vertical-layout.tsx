import { Outlet, ScrollRestoration } from 'react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AppBar, Box, Toolbar } from '@mui/material';
import { navigationQuery } from '@/lib/queries';
import type { VerticalLayoutStyle } from './layouts';
import { LoadingBar } from './loading-bar';
import { NavToggle } from './nav-toggle';
import { NavigationPanel, OverDrawer } from './navigation-panel';
import { CONTENT_PADDING, Footer, Logo, MAIN_CONTENT_ID, SkipLink } from './shell-parts';
import { QuickChatSlot, quickChatRoom } from './quick-chat-slot';
import { TopBarActions } from './top-bar-actions';
import { useNavigationDrawer } from './use-navigation-drawer';

const SLIDE = '225ms cubic-bezier(0.4, 0, 0.6, 1)';

/** classy, classic, compact, dense, futuristic and thin: a navigation panel at the side, a top bar, the page. */
export function VerticalLayout({ style }: { style: VerticalLayoutStyle }) {
  const { data: navigation } = useSuspenseQuery(navigationQuery);
  const drawer = useNavigationDrawer();
  const items = navigation[style.navigation];

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', ...quickChatRoom(style.quickChat) }}>
      <LoadingBar />
      <ScrollRestoration />
      <SkipLink />
      {drawer.isOver ? (
        <OverDrawer open={drawer.overOpen} onClose={drawer.closeOver} items={items} tone={style.tone} user={style.user} />
      ) : (
        <Box sx={{ width: drawer.sideOpen ? style.width : 0, flexShrink: 0, transition: `width ${SLIDE}` }}>
          <Box
            sx={{
              position: 'sticky',
              top: 0,
              height: '100dvh',
              width: style.width,
              transform: drawer.sideOpen ? 'none' : 'translateX(-100%)',
              // Hidden, not just moved, so a closed panel's links leave the tab order.
              visibility: drawer.sideOpen ? 'visible' : 'hidden',
              transition: `transform ${SLIDE}, visibility 0s ${drawer.sideOpen ? '0s' : '225ms'}`,
            }}
          >
            <NavigationPanel items={items} appearance={style.appearance} tone={style.tone} user={style.user} />
          </Box>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
            <NavToggle isOpen={drawer.isOpen} onToggle={drawer.toggle} />
            {drawer.isOver && <Logo withName={false} />}
            <Box sx={{ flex: 1 }} />
            <TopBarActions />
          </Toolbar>
        </AppBar>
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, outline: 'none', ...CONTENT_PADDING }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <QuickChatSlot header={style.quickChat} />
    </Box>
  );
}
