import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authTokens } from '../../db/schema/index.js';

export type MailTokenKind = 'confirm_email' | 'reset_password';

export class AuthRepository {
  constructor(private readonly db: DbOrTx) {}

  async insertToken(values: { userId: string; kind: MailTokenKind; tokenHash: string; expiresAt: Date }) {
    await this.db.insert(authTokens).values(values);
  }

  /**
   * Marks the token used and returns its user id, in one statement so that two requests with the
   * same link cannot both succeed. Undefined when unknown, used, expired or of another kind.
   */
  async consumeToken(kind: MailTokenKind, tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
      .returning({ userId: authTokens.userId });
    return row?.userId;
  }

  /** The user of a live token, without spending it: lets a request be refused while the link stays usable. */
  async liveTokenUser(kind: MailTokenKind, tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: authTokens.userId })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())));
    return row?.userId;
  }

  /**
   * Older links stop working once a newer one is issued or one is used; without `kind`, every
   * pending link of the user ends (a password change, a disabled account).
   */
  async expireTokens(userId: string, kind?: MailTokenKind) {
    await this.db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, userId), kind ? eq(authTokens.kind, kind) : undefined, isNull(authTokens.usedAt)));
  }
}
