import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { ZPanelItem, ZPanelItemList, ZSearchResults, ZShortcut, ZShortcutList, type PanelItem, type ShortcutInput } from '@cuadre/contracts';
import { z } from 'zod/mini';
import { api } from './api';
import { chatChanged } from './chat';

// The chats load with the panels (one import for the shell's burst, guards.ts).
export { chatsQuery } from './chat';
import { session } from './session';

/**
 * The shell's panels (docs/product.md, "The shell's calls", word for word): messages, notifications, shortcuts and
 * search. Their data loads with the shell; their screens load when opened.
 */
export type Box = 'messages' | 'notifications';
const one = { messages: 'message', notifications: 'notification' } as const;
const ZTrue = z.literal(true);

export const panelKeys = { all: ['panels'] as const, box: (box: Box) => ['panels', box] as const, shortcuts: ['panels', 'shortcuts'] as const };

/** A background list: refreshed by the live channel, and every few minutes in case it is down. */
const REFRESH_MS = 120_000;
export const panelQuery = (box: Box) =>
  queryOptions({
    queryKey: panelKeys.box(box),
    queryFn: ({ signal }) => api(`common/${box}`, { schema: ZPanelItemList, signal }),
    refetchInterval: REFRESH_MS,
  });
export const shortcutsQuery = queryOptions({
  queryKey: panelKeys.shortcuts,
  queryFn: ({ signal }) => api('common/shortcuts', { schema: ZShortcutList, signal }),
});

export const panelCalls = (box: Box) => ({
  update: (id: string, item: Partial<Pick<PanelItem, 'read'>>) => api(`common/${box}`, { method: 'PATCH', body: { id, [one[box]]: item }, schema: ZPanelItem }),
  toggle: (id: string) => api(`common/${box}/toggle-read-status`, { method: 'POST', body: { [one[box]]: { id } }, schema: ZPanelItem }),
  remove: (id: string) => api(`common/${box}`, { method: 'DELETE', query: { id }, schema: ZTrue }),
  markAllRead: () => api(`common/${box}/mark-all-as-read`, { schema: ZTrue }),
});

export const shortcutCalls = {
  create: (shortcut: ShortcutInput) => api('common/shortcuts', { method: 'POST', body: { shortcut }, schema: ZShortcut }),
  update: (id: string, shortcut: ShortcutInput) => api('common/shortcuts', { method: 'PATCH', body: { id, shortcut }, schema: ZShortcut }),
  remove: (id: string) => api('common/shortcuts', { method: 'DELETE', query: { id }, schema: ZTrue }),
};

export const search = (query: string, signal?: AbortSignal) => api('common/search', { method: 'POST', body: { query }, schema: ZSearchResults, signal });

/**
 * The live channel: a WebSocket whose first message is the session's token. Each "panels" event
 * makes the panels read again, so a badge changes without a reload, and each "chat" event that
 * chat and the chat list; when the socket drops it is
 * opened again after a growing pause, and the lists' own refresh covers the gap.
 */
export function useLiveUpdates() {
  const qc = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = 1000;
    const connect = () => {
      const token = session.get();
      if (stopped || !token) return;
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/common/events`);
      socket.onopen = () => socket?.send(JSON.stringify({ token }));
      socket.onmessage = (e) => {
        wait = 1000;
        const event = readEvent(e.data);
        if (event?.type === 'panels') void qc.invalidateQueries({ queryKey: panelKeys.all });
        else if (event?.type === 'chat' && typeof event.chatId === 'string') chatChanged(qc, event.chatId);
      };
      socket.onclose = (e) => {
        // 4401: the session is gone; the next call's 401 signs out. Anything else: try again later.
        if (stopped || e.code === 4401) return;
        timer = setTimeout(connect, wait);
        wait = Math.min(wait * 2, 60_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [qc]);
}

/** An event as the server sends it (`{type}`, and `chatId` for a chat); anything unreadable is nothing. */
function readEvent(data: unknown): { type?: unknown; chatId?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(String(data));
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
