import { withTransaction, type Db } from '../../db/client.js';
import { ChatRepository } from './chat.repository.js';

/**
 * The demo's conversation (`npm run seed:demo`): an owner and support, written as the service writes
 * messages (one chat per pair, each message counted unread on the other side until it is read), at
 * the times given, so the chat shows days and hours as a real one does. The owner has read all but
 * what came after their last message.
 */
export async function writeConversation(db: Db, ownerId: string, adminId: string, lines: { fromOwner: boolean; value: string; at: Date }[]) {
  await withTransaction(db, async (tx) => {
    const owner = new ChatRepository(tx, ownerId);
    const chatId = await owner.open(adminId);
    const admin = new ChatRepository(tx, adminId);
    for (const line of lines) {
      const [from, to] = line.fromOwner ? [owner, admin] : [admin, owner];
      await from.addMessage(chatId, line.value, line.at);
      await from.update(chatId, { read: true });
      await from.countForPeer(chatId, to.userId);
    }
  });
}
