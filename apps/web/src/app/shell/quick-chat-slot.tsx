import { lazy, Suspense } from 'react';
import type { QuickChatHeader } from './layouts';

/** The room the closed quick chat keeps at the right edge (1440 px and wider only; a phone opens the chat screen). */
export const QUICK_CHAT_WIDTH = 64;
/** The layout's padding that keeps the page clear of the closed quick chat. */
export const quickChatRoom = (header: QuickChatHeader) => (header ? { pr: { xl: `${QUICK_CHAT_WIDTH}px` } } : {});

// Its code loads with the first signed-in screen's shell, after it, never with sign-in.
const QuickChat = lazy(() => import('./quick-chat'));

/** The quick-chat panel (spec 000 "Quick chat") in the layouts that have one. */
export function QuickChatSlot({ header }: { header: QuickChatHeader }) {
  if (!header) return null;
  return (
    <Suspense fallback={null}>
      <QuickChat headerHeight={header} />
    </Suspense>
  );
}
