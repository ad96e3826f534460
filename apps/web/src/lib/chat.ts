import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ZChat, ZChatList, ZChatSent, type Chat, type ChatMessage } from '@cuadre/contracts';
import { api } from './api';

/**
 * The chat's shared queries (spec 000: chats load with the shell; the quick chat and the chat
 * screens read the same ones). The live channel's `chat` events refresh them (lib/panels.ts).
 */
export const chatKeys = {
  all: ['chat'] as const,
  chats: ['chat', 'chats'] as const,
  chat: (id: string) => ['chat', 'chat', id] as const,
  contacts: ['chat', 'contacts'] as const,
  contact: (id: string) => ['chat', 'contact', id] as const,
  profile: ['chat', 'profile'] as const,
};

/** A background list: refreshed by the live channel, and every few minutes in case it is down. */
const REFRESH_MS = 120_000;
export const chatsQuery = queryOptions({
  queryKey: chatKeys.chats,
  queryFn: ({ signal }) => api('apps/chat/chats', { schema: ZChatList, signal }),
  refetchInterval: REFRESH_MS,
});

export const chatQuery = (id: string) =>
  queryOptions({ queryKey: chatKeys.chat(id), queryFn: ({ signal }) => api('apps/chat/chat', { query: { id }, schema: ZChat, signal }) });

export const chatCalls = {
  send: (chatId: string, value: string) => api('apps/chat/message', { method: 'POST', body: { chatId, value }, schema: ZChatSent }),
  open: (contactId: string) => api('apps/chat/chat', { method: 'POST', body: { contactId }, schema: ZChat }),
  markRead: (id: string) => api('apps/chat/chat', { method: 'PATCH', body: { id, chat: { unreadCount: 0 } }, schema: ZChat }),
  mute: (id: string, muted: boolean) => api('apps/chat/chat', { method: 'PATCH', body: { id, chat: { muted } }, schema: ZChat }),
};

/** A sent message shows at once in its chat; the list and the chat are read again behind it. */
export function addSent(qc: QueryClient, chatId: string, message: ChatMessage) {
  qc.setQueryData<Chat>(chatKeys.chat(chatId), (old) =>
    old && !old.messages?.some((m) => m.id === message.id) ? { ...old, messages: [...(old.messages ?? []), message] } : old,
  );
}

/** What the live channel says of a chat: it changed, read it again (and the list). */
export function chatChanged(qc: QueryClient, chatId: string) {
  void qc.invalidateQueries({ queryKey: chatKeys.chats });
  void qc.invalidateQueries({ queryKey: chatKeys.chat(chatId) });
}
