import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterCommit, withTransaction, type Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { AuthService, Authenticated, ClientMeta } from '../auth/index.js';
import { UsersRepository } from '../users/index.js';

/** The owner's own account: removing it with everything it holds. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly dataDir: string,
  ) {}

  /**
   * Deletes the account, confirmed with its password: its records go by cascade in one transaction,
   * its files (receipts, exports) once that has committed. The last active administrator cannot.
   * With two-step sign-in on, `code` too.
   */
  async remove(auth: Authenticated, password: string, meta: ClientMeta, code?: string): Promise<true> {
    await this.auth.passwords.confirm(auth, password, meta, 'password', code);
    const id = auth.user.id;
    await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      if (auth.user.role === 'admin') {
        const admins = await users.lockActiveAdmins();
        if (admins.length <= 1 && admins.includes(id)) throw conflict('You are the last administrator: make someone else an administrator first');
      }
      await users.remove(id);
      afterCommit(tx, () => {
        for (const folder of ['attachments', 'exports']) void rm(path.join(this.dataDir, folder, id), { recursive: true, force: true }).catch(() => undefined);
      });
    });
    return true;
  }
}
