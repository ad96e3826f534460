import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every mail is written to the outbox first; with SMTP configured it is then sent and marked,
 * without it the outbox and the log are where it can be read, so sign-up works on a laptop.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl: string | undefined,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  async send(mail: Mail): Promise<void> {
    const [row] = await this.db.insert(outbox).values(mail).returning({ id: outbox.id });
    if (!this.transport) {
      this.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail kept in outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
      await this.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
    } catch (err) {
      // The request that triggered the mail still succeeds; the failure is kept for the administrator.
      this.log.error({ err, to: mail.to }, 'mail delivery failed');
      await this.db.update(outbox).set({ error: String(err) }).where(eq(outbox.id, row!.id));
    }
  }

  close() {
    this.transport?.close();
  }
}
