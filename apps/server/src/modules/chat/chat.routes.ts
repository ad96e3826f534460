import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZChat,
  ZChatContact,
  ZChatContactList,
  ZChatContactQuery,
  ZChatIdQuery,
  ZChatList,
  ZChatOpenBody,
  ZChatPatchBody,
  ZChatProfile,
  ZChatSendBody,
  ZChatSent,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { ChatService } from './chat.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const tags = ['chat'];
const base = '/api/apps/chat';

/**
 * Spec 001 §7 "Chat", to the letter (chats, chat GET and PATCH, contacts, contact, profile), plus the
 * two calls the spec does not show: opening a chat with a contact and sending a message. Signed-in
 * users, any plan: an owner on the free plan can still reach support.
 */
export function chatRoutes(app: FastifyInstance, chat: ChatService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireUser };

  r.get(
    `${base}/chats`,
    { ...opts, schema: { tags, summary: 'My chats, the latest conversation first (without their messages)', response: { 200: ZChatList, ...errors } } },
    (req) => chat.chats(authOf(req)),
  );
  r.get(
    `${base}/chat`,
    {
      ...opts,
      schema: {
        tags,
        summary:
          'One of my chats with its latest 100 messages, oldest first (`before`: the ones older than that instant); 404 "Could not found chat with id of {id}!"',
        querystring: ZChatIdQuery,
        response: { 200: ZChat, ...errors },
      },
    },
    (req) => chat.chat(authOf(req), req.query.id, req.query.before),
  );
  r.patch(
    `${base}/chat`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Merge my changes into a chat: `muted`, and `unreadCount: 0` to mark it read (its message and notification too)',
        body: ZChatPatchBody,
        response: { 200: ZChat, ...errors },
      },
    },
    (req) => chat.update(authOf(req), req.body.id, req.body.chat),
  );
  r.post(
    `${base}/chat`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Open my chat with a contact (made the first time, the same one afterwards)',
        body: ZChatOpenBody,
        response: { 200: ZChat, ...errors },
      },
    },
    (req) => chat.open(authOf(req), req.body.contactId),
  );
  r.post(
    `${base}/message`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Send a message to a chat (`chatId`) or to a contact (`contactId`, opening the chat); the other side is told at once',
        body: ZChatSendBody,
        response: { 200: ZChatSent, ...errors },
      },
    },
    (req) => chat.send(authOf(req), req.body),
  );
  r.get(
    `${base}/contacts`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'The people I can write to, sorted by name (an owner: support; an administrator: the owners), without details',
        response: { 200: ZChatContactList, ...errors },
      },
    },
    (req) => chat.contacts(authOf(req)),
  );
  r.get(
    `${base}/contact`,
    {
      ...opts,
      schema: { tags, summary: 'One of the people I can write to, with details', querystring: ZChatContactQuery, response: { 200: ZChatContact, ...errors } },
    },
    (req) => chat.contact(authOf(req), req.query.id),
  );
  r.get(`${base}/profile`, { ...opts, schema: { tags, summary: 'Me, as the chat shows me', response: { 200: ZChatProfile, ...errors } } }, (req) =>
    chat.profile(authOf(req)),
  );
}
