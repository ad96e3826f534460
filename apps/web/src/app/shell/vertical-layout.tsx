import { Outlet, ScrollRestoration } from 'react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { navigationQuery } from '@/lib/queries';
import type { VerticalLayoutStyle } from './layouts';
import { LoadingBar } from './loading-bar';
import { NavToggle } from './nav-toggle';
import { NavigationPanel, OverDrawer } from './navigation-panel';
import { Footer, Logo, MAIN_CONTENT_ID, SkipLink } from './shell-parts';
import { QuickChatSlot } from './quick-chat-slot';
import css from './shell.module.css';
import { TopBarActions } from './top-bar-actions';
import { useNavigationDrawer } from './use-navigation-drawer';

/** classy, classic, compact, dense, futuristic and thin: a navigation panel at the side, a top bar, the page. */
export function VerticalLayout({ style }: { style: VerticalLayoutStyle }) {
  const { data: navigation } = useSuspenseQuery(navigationQuery);
  const drawer = useNavigationDrawer();
  const items = navigation[style.navigation];

  // The frame is static CSS (shell.module.css); only the panel's width, which differs per layout, is set here.
  return (
    <div className={style.quickChat ? `${css.frame} ${css.roomForChat}` : css.frame}>
      <LoadingBar />
      <ScrollRestoration />
      <SkipLink />
      {drawer.isOver ? (
        <OverDrawer open={drawer.overOpen} onClose={drawer.closeOver} items={items} tone={style.tone} user={style.user} />
      ) : (
        <div className={css.side} style={{ width: drawer.sideOpen ? style.width : 0 }}>
          <div className={drawer.sideOpen ? css.panel : `${css.panel} ${css.panelClosed}`} style={{ width: style.width }}>
            <NavigationPanel items={items} appearance={style.appearance} tone={style.tone} user={style.user} />
          </div>
        </div>
      )}
      <div className={css.column}>
        <header className={css.bar}>
          <div className={css.toolbar}>
            <NavToggle isOpen={drawer.isOpen} onToggle={drawer.toggle} />
            {drawer.isOver && <Logo withName={false} />}
            <div className={css.grow} />
            <TopBarActions />
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${css.main} ${css.content}`}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <QuickChatSlot header={style.quickChat} />
    </div>
  );
}
