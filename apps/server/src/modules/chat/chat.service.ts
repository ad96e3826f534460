import {
  CHAT_MESSAGES_PAGE,
  ErrorCode,
  chatNotFoundText,
  type Chat,
  type ChatContact,
  type ChatContactSummary,
  type ChatMessage,
  type ChatProfile,
  type ChatSent,
  type Language,
} from '@cuadre/contracts';
import { afterCommit, withTransaction, type Db, type Tx } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { AppError, notFound } from '../../lib/errors.js';
import { accountLanguage, readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import type { MailJob, MailQueue } from '../mail/index.js';
import { PanelItemsRepository } from '../panels/index.js';
import { avatarUrl } from '../users/index.js';
import { ChatRepository, type MemberRow, type MessageRow, type Person } from './chat.repository.js';
import { CHAT_TEXTS, chatMessageMail } from './texts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The spec's 404 for a chat that is not there or not the reader's (spec 000 §8). */
const chatNotFound = (id: string) => new AppError(404, ErrorCode.NOT_FOUND, chatNotFoundText(id));
/** The panel items (a message and a notification) that stand for one chat, per reader. */
const panelKey = (chatId: string) => `chat:${chatId}`;
export const chatLink = (chatId: string) => `/apps/chat/${chatId}`;
/** How much of a message the messages panel and the notification repeat. */
const PREVIEW_CHARS = 160;
const preview = (value: string) => (value.length > PREVIEW_CHARS ? `${value.slice(0, PREVIEW_CHARS - 1)}…` : value);
const ICON = 'heroicons_outline:chat-bubble-left-right';

/**
 * Chat between the people of the service (spec 001 §7 "Chat"): an owner and the administrators
 * (support). Each message counts as unread on the other side, shows in their messages panel (one
 * item per chat, unread until they open it), and reaches their open tabs at once; when they have
 * none open it also becomes a notification and, if they chose so, a mail.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
  ) {
    mail.register('chat_message', (tx, job) => this.composeMail(tx, job));
  }

  async chats(auth: Authenticated): Promise<Chat[]> {
    const lang = readerLanguage(auth);
    return (await new ChatRepository(this.db, auth.user.id).list()).map((r) => chatOut(r, lang));
  }

  async chat(auth: Authenticated, id: string, before?: string): Promise<Chat> {
    const repo = new ChatRepository(this.db, auth.user.id);
    const row = UUID.test(id) ? await repo.get(id.toLowerCase()) : undefined;
    if (!row) throw chatNotFound(id);
    const messages = await repo.messages(row.chatId, CHAT_MESSAGES_PAGE, before ? new Date(before) : undefined);
    return { ...chatOut(row, readerLanguage(auth)), messages: messages.map((m) => messageOut(m, auth.user.id)) };
  }

  /** PATCH `{id, chat}`: what a participant may change of their side, muted and the reading mark. */
  async update(auth: Authenticated, id: string, changes: { muted?: boolean; unreadCount?: 0 }): Promise<Chat> {
    const userId = auth.user.id;
    const result = await withTransaction(this.db, async (tx) => {
      const repo = new ChatRepository(tx, userId);
      if (!UUID.test(id) || !(await repo.lock(id.toLowerCase()))) throw chatNotFound(id);
      const chatId = id.toLowerCase();
      const read = changes.unreadCount === 0;
      await repo.update(chatId, { muted: changes.muted, read });
      let panels = false;
      if (read) {
        // Opening the chat is reading it: its item in the messages panel and its notification are read too.
        const key = panelKey(chatId);
        panels = (await new PanelItemsRepository(tx, userId, 'message').markKeyRead(key)) || panels;
        panels = (await new PanelItemsRepository(tx, userId, 'notification').markKeyRead(key)) || panels;
      }
      afterCommit(tx, () => {
        // The reader's other tabs follow (a badge, a muted mark).
        this.events.publish([userId], { type: 'chat', chatId });
        if (panels) this.events.publish([userId]);
      });
      return (await repo.get(chatId))!;
    });
    return chatOut(result, readerLanguage(auth));
  }

  async contacts(auth: Authenticated): Promise<ChatContactSummary[]> {
    const lang = readerLanguage(auth);
    return (await new ChatRepository(this.db, auth.user.id).reachable(auth.user.role)).map((p) => summaryOut(p, lang));
  }

  async contact(auth: Authenticated, id: string): Promise<ChatContact> {
    const person = UUID.test(id) ? await new ChatRepository(this.db, auth.user.id).person(auth.user.role, id.toLowerCase()) : undefined;
    if (!person) throw notFound('Contact');
    return contactOut(person, readerLanguage(auth));
  }

  profile(auth: Authenticated): ChatProfile {
    const u = auth.user;
    return { id: u.id, name: u.name, email: u.email, avatar: avatarUrl(u), about: about(u, readerLanguage(auth)) };
  }

  /** Opens the chat with a contact: made the first time, the same one afterwards. */
  async open(auth: Authenticated, contactId: string): Promise<Chat> {
    const chatId = await withTransaction(this.db, (tx) => this.openIn(tx, auth, contactId));
    return chatOut((await new ChatRepository(this.db, auth.user.id).get(chatId))!, readerLanguage(auth));
  }

  /** Sends a message to a chat of the sender's, or to a contact (opening the chat with them). */
  async send(auth: Authenticated, body: { chatId?: string; contactId?: string; value: string }): Promise<ChatSent> {
    const sender = auth.user;
    const { chatId, peer, message, notifyPanels } = await withTransaction(this.db, async (tx) => {
      const repo = new ChatRepository(tx, sender.id);
      const chatId = body.chatId ?? (await this.openIn(tx, auth, body.contactId!));
      const mine = await repo.lock(chatId);
      if (!mine) throw chatNotFound(chatId);
      const peer = (await repo.personById(mine.peerId))!;
      const message = await repo.addMessage(chatId, body.value);
      // Writing in a chat is having read it.
      await repo.update(chatId, { read: true });
      const theirs = await repo.countForPeer(chatId, peer.id);
      let notifyPanels = false;
      if (!theirs.muted) {
        notifyPanels = true;
        const lang = accountLanguage(peer);
        const item = {
          key: panelKey(chatId),
          title: sender.name,
          description: preview(body.value),
          icon: ICON,
          image: avatarUrl(sender),
          link: chatLink(chatId),
          useRouter: true,
          read: false,
        };
        await new PanelItemsRepository(tx, peer.id, 'message').upsertKeyed(item);
        // Away (no tab open anywhere): a notification, and a mail if they asked for one, once per run of unread messages.
        if (!(await this.events.isOnline(peer.id))) {
          await new PanelItemsRepository(tx, peer.id, 'notification').upsertKeyed({ ...item, title: CHAT_TEXTS[lang].notification(sender.name) });
          if (peer.preferences.chatMail === true && theirs.unreadCount === 1) {
            await this.mail.enqueue(tx, { kind: 'chat_message', userId: peer.id, email: null, created: false, refId: message.id });
            afterCommit(tx, () => this.mail.kick());
          }
        }
      }
      return { chatId, peer, message, notifyPanels };
    });
    this.events.publish([sender.id, peer.id], { type: 'chat', chatId });
    if (notifyPanels) this.events.publish([peer.id]);
    const row = (await new ChatRepository(this.db, sender.id).get(chatId))!;
    return { message: messageOut(message, sender.id), chat: chatOut(row, readerLanguage(auth)) };
  }

  private async openIn(tx: Tx, auth: Authenticated, contactId: string): Promise<string> {
    const repo = new ChatRepository(tx, auth.user.id);
    const existing = await repo.withPeer(contactId);
    if (existing) return existing;
    const person = await repo.person(auth.user.role, contactId);
    if (!person || person.status !== 'active') throw notFound('Contact');
    return repo.open(person.id);
  }

  private async composeMail(tx: Tx, job: MailJob) {
    if (!job.refId || !job.userId) return undefined;
    const found = await new ChatRepository(tx, job.userId).messageFor(job.refId);
    if (!found) return undefined;
    const { message, sender, reader } = found;
    return chatMessageMail(accountLanguage(reader), reader.email, sender.name, message.value, `${this.publicUrl}${chatLink(message.chatId)}`);
  }
}

const about = (p: Pick<Person, 'role'>, lang: Language) => (p.role === 'admin' ? CHAT_TEXTS[lang].aboutSupport : CHAT_TEXTS[lang].about);

const summaryOut = (p: Person, lang: Language): ChatContactSummary => ({
  id: p.id,
  avatar: avatarUrl(p),
  background: null,
  name: p.name,
  about: about(p, lang),
});

/** A contact's details come from their own account: their address and company (the account keeps no phone, birthday or address). */
const contactOut = (p: Person, lang: Language): ChatContact => ({
  ...summaryOut(p, lang),
  details: {
    emails: [{ email: p.email, label: '' }],
    phoneNumbers: [],
    ...(p.role === 'admin' ? { title: CHAT_TEXTS[lang].supportTitle } : {}),
    company: p.company ?? '',
    birthday: null,
    address: '',
  },
  // Messages are text alone: no file is ever exchanged in a chat (docs/product.md "Deliberate differences").
  attachments: [],
});

const chatOut = (r: MemberRow, lang: Language): Chat => ({
  id: r.chatId,
  contactId: r.peer.id,
  contact: summaryOut(r.peer, lang),
  unreadCount: r.unreadCount,
  muted: r.muted,
  lastMessage: r.lastMessage,
  lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
});

/** The reader's own messages carry their own id as `contactId` (the spec's 'me' mapped to the profile's id). */
const messageOut = (m: MessageRow, readerId: string): ChatMessage => ({
  id: m.id,
  chatId: m.chatId,
  contactId: m.senderId,
  value: m.value,
  createdAt: m.createdAt.toISOString(),
  isMine: m.senderId === readerId,
});

/** The people a user has a conversation with, the latest conversation first (the project dashboard's team). */
export async function conversationPeople(db: Db, userId: string): Promise<(Person & { avatar: string | null })[]> {
  return (await new ChatRepository(db, userId).list()).map((r) => ({ ...r.peer, avatar: avatarUrl(r.peer) }));
}
