import EmptyLayout from './empty-layout';
import { HorizontalLayout } from './horizontal-layout';
import { LAYOUT_STYLES, useLayoutChoice } from './layouts';
import { QueryProvider } from '@/lib/query-provider';
import { useServerPreferences } from './use-update-user';
import { useShellGuard } from './use-shell-guard';
import { VerticalLayout } from './vertical-layout';

/**
 * The signed-in shell. The layout comes from the route's data, the `layout` query parameter or the
 * user's preference (see layouts.ts); every one is a variant of the vertical or the horizontal layout.
 */
export default function AppLayout() {
  return (
    <QueryProvider>
      <Shell />
    </QueryProvider>
  );
}

function Shell() {
  useServerPreferences();
  useShellGuard();
  const layout = useLayoutChoice();
  if (layout === 'empty') return <EmptyLayout />;
  const style = LAYOUT_STYLES[layout];
  return style.kind === 'vertical' ? <VerticalLayout style={style} /> : <HorizontalLayout style={style} />;
}
