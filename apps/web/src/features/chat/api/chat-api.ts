import { queryOptions } from '@tanstack/react-query';
import { ZChatContact, ZChatContactList, ZChatProfile } from '@cuadre/contracts';
import { api } from '@/lib/api';
import { chatKeys } from '@/lib/chat';

// The chats and one chat are the shell's too (the quick chat, loaded before the shell shows): lib/chat.ts.
export { addSent, chatCalls, chatKeys, chatQuery, chatsQuery } from '@/lib/chat';

/** The people the reader may write to (an owner: support; an administrator: the owners), sorted by name. */
export const contactsQuery = queryOptions({
  queryKey: chatKeys.contacts,
  queryFn: ({ signal }) => api('apps/chat/contacts', { schema: ZChatContactList, signal }),
});

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: chatKeys.contact(id), queryFn: ({ signal }) => api('apps/chat/contact', { query: { id }, schema: ZChatContact, signal }) });

export const profileQuery = queryOptions({ queryKey: chatKeys.profile, queryFn: ({ signal }) => api('apps/chat/profile', { schema: ZChatProfile, signal }) });
