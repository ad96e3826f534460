import { z } from 'zod/mini';
import { text, ZUuid } from '../common/text.js';

/**
 * Chat (spec 001 §3 "Chat", §7 "Chat"; spec 000 "Quick chat"): conversations between people of the
 * service. An owner's contacts are the administrators (the service's support); an administrator's
 * are the owners. A chat has two participants and is visible to them alone.
 */

/** The longest message one may send. */
export const CHAT_MESSAGE_MAX = 4000;
/** How many of a chat's latest messages `GET chat` answers (older ones with `before`). */
export const CHAT_MESSAGES_PAGE = 100;
/** The spec's 404 text for a chat that is not there (or not the reader's): spec 000 §8. */
export const chatNotFoundText = (id: string) => `Could not found chat with id of ${id}!`;

/** A contact as the list shows it (spec: "without details and attachments"). */
export const ZChatContactSummary = z.object({
  id: z.string(),
  avatar: z.nullable(z.string()),
  background: z.nullable(z.string()),
  name: z.string(),
  about: z.string(),
});
export type ChatContactSummary = z.infer<typeof ZChatContactSummary>;

/** The details of a contact, from their own account (spec 001 §3 "Details"). */
export const ZChatContactDetails = z.object({
  emails: z.array(z.object({ email: z.string(), label: z.string() })),
  phoneNumbers: z.array(z.object({ country: z.string(), phoneNumber: z.string(), label: z.string() })),
  title: z.optional(z.string()),
  company: z.string(),
  birthday: z.nullable(z.string()),
  address: z.string(),
});
/** A file exchanged in a chat (spec 001 §3 "Chat contact": attachments): its name, type, size in bytes and where it is served. */
export const ZChatAttachment = z.object({ name: z.string(), type: z.string(), size: z.int(), url: z.string() });
export type ChatAttachment = z.infer<typeof ZChatAttachment>;
/**
 * A contact with their details and `attachments`, the files exchanged in the reader's chat with them.
 * Messages carry text alone today, so the list is always empty (`[]`), in the shape a file would take.
 */
export const ZChatContact = z.object({ ...ZChatContactSummary.shape, details: ZChatContactDetails, attachments: z.array(ZChatAttachment) });
export type ChatContact = z.infer<typeof ZChatContact>;
export const ZChatContactList = z.array(ZChatContactSummary);

/** The signed-in user as the chat sees them (spec 001 §3 "Chat profile"). */
export const ZChatProfile = z.object({ id: z.string(), name: z.string(), email: z.string(), avatar: z.nullable(z.string()), about: z.string() });
export type ChatProfile = z.infer<typeof ZChatProfile>;

/** A message. The reader's own have `isMine` and their own id as `contactId` (spec: 'me' mapped to the profile's id). */
export const ZChatMessage = z.object({
  id: z.string(),
  chatId: z.string(),
  contactId: z.string(),
  value: z.string(),
  createdAt: z.string(),
  isMine: z.boolean(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

/** A chat as its reader sees it; `messages` only in `GET chat` (the latest CHAT_MESSAGES_PAGE, oldest first). */
export const ZChat = z.object({
  id: z.string(),
  contactId: z.string(),
  contact: ZChatContactSummary,
  unreadCount: z.number(),
  muted: z.boolean(),
  lastMessage: z.nullable(z.string()),
  lastMessageAt: z.nullable(z.string()),
  messages: z.optional(z.array(ZChatMessage)),
});
export type Chat = z.infer<typeof ZChat>;
export const ZChatList = z.array(ZChat);

/**
 * `GET chat?id`: any text up to 64 characters, so that an id that is not there, well formed or not,
 * answers the spec's 404 text; `before` (an ISO instant) reads the messages older than it.
 */
export const ZChatIdQuery = z.strictObject({
  id: text(64, z.trim(), z.minLength(1, 'Name the chat')),
  before: z.optional(z.iso.datetime({ offset: true })),
});
export const ZChatContactQuery = z.strictObject({ id: text(64, z.trim(), z.minLength(1, 'Name the contact')) });

/**
 * What a participant may change (PATCH `{id, chat}`, merged): muted, and the reading mark
 * (`unreadCount: 0` marks the chat read; no other count may be set).
 */
export const ZChatChanges = z.strictObject({
  muted: z.optional(z.boolean()),
  unreadCount: z.optional(z.literal(0)),
});
export const ZChatPatchBody = z.strictObject({ id: text(64, z.trim(), z.minLength(1, 'Name the chat')), chat: ZChatChanges });
export type ChatPatchBody = z.input<typeof ZChatPatchBody>;

/** POST chat: open the chat with one of one's contacts (made the first time; the same chat afterwards). */
export const ZChatOpenBody = z.strictObject({ contactId: ZUuid });

const ZMessageValue = text(CHAT_MESSAGE_MAX, z.trim(), z.minLength(1, 'Write a message'));
/** POST message: to a chat (`chatId`) or to a contact (`contactId`, opening the chat if needed); exactly one of them. */
export const ZChatSendBody = z.strictObject({ chatId: z.optional(ZUuid), contactId: z.optional(ZUuid), value: ZMessageValue }).check(
  z.refine((b) => b.chatId !== undefined || b.contactId !== undefined, { error: 'Name the chat or the contact', path: ['chatId'] }),
  z.refine((b) => b.chatId === undefined || b.contactId === undefined, { error: 'Name the chat or the contact, not both', path: ['chatId'] }),
);
export type ChatSendBody = z.input<typeof ZChatSendBody>;
/** What a sent message answers: the message and the chat as it now stands. */
export const ZChatSent = z.object({ message: ZChatMessage, chat: ZChat });
export type ChatSent = z.infer<typeof ZChatSent>;

/** What the live channel carries for the chat: which chat changed (a message, a reading mark). */
export const ZChatEvent = z.object({ type: z.literal('chat'), chatId: z.string() });
export type ChatEvent = z.infer<typeof ZChatEvent>;
