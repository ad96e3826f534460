import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, isNull, lte, lt, sql } from 'drizzle-orm';
import { withTransaction, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import { runWithoutDeadline } from '../../db/deadlines.js';
import { mailJobs, outbox } from '../../db/schema/index.js';
import { unavailableDependency, type OutageLog } from '../../lib/outage.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailJob = typeof mailJobs.$inferSelect;
export type NewMailJob = Pick<typeof mailJobs.$inferInsert, 'kind' | 'email' | 'userId' | 'created' | 'refId'>;

/** Turns a job into the mail it asks for (issuing its link inside `tx`), or nothing when none is due. */
export type Composer = (tx: Tx, job: MailJob) => Promise<Mail | undefined>;

const DELIVERY_ATTEMPTS = 8;
const COMPOSE_ATTEMPTS = 5;
/** A mail whose links have expired is not worth sending late (a reset link lives an hour, a confirmation a day). */
const DELIVERY_HORIZON = sql`now() - interval '24 hours'`;
/** A delivery in progress holds its row this long; a process that died mid-send lets another retry after it. */
const LEASE_SECONDS = 120;
const POLL_MS = 5_000;
const retryDelaySeconds = (attempt: number) => Math.min(15 * 2 ** (attempt - 1), 3600);

/**
 * Mail off the request path, and durable: a request writes a job row (in its own transaction)
 * and returns; this queue composes each job into an outbox row and, with SMTP configured, delivers
 * it with retries. Rows are claimed with SKIP LOCKED, so several server processes share the work;
 * jobs left by a stopped process are taken up at the next start.
 */
/** Runs one async round at a time; a kick during a round asks for one more after it. */
class Rounds {
  running: Promise<void> | undefined;
  private again = false;
  constructor(private readonly round: () => Promise<void>) {}
  kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    // A kick from a request: the round is the queue's own work, outside the request's database deadline.
    this.running = runWithoutDeadline(() => this.round()).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }
}

export class MailQueue {
  private readonly transport: Transporter | undefined;
  private readonly composers = new Map<MailJob['kind'], Composer>();
  // Composing and delivering run apart, so a slow SMTP server never holds up the next mail's composition.
  private readonly composing = new Rounds(() =>
    this.guarded(async () => {
      while (!this.stopped && (await this.composeSome()) > 0);
      if (this.transport) this.delivering.kick();
    }),
  );
  private readonly delivering = new Rounds(() =>
    this.guarded(async () => {
      while (!this.stopped && (await this.deliverSome()) > 0);
    }),
  );
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly outages?: OutageLog,
  ) {
    // Bounded waits: a slow or dead SMTP server delays a mail, never the queue for long.
    this.transport = smtpUrl
      ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : undefined;
  }

  register(kind: MailJob['kind'], composer: Composer) {
    this.composers.set(kind, composer);
  }

  /** Writes the job with `tx` (the caller's transaction, so it lands with the change that asked for it). */
  async enqueue(tx: DbOrTx, job: NewMailJob): Promise<void> {
    await tx.insert(mailJobs).values(job);
  }

  /** Starts working now, without waiting for the next poll; call after the enqueuing transaction committed. */
  kick() {
    if (!this.stopped) this.composing.kick();
  }

  start() {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and waits briefly for the rounds in progress; an unfinished delivery is retried later. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const rounds = [this.composing.running, this.delivering.running].filter((r) => r !== undefined);
    if (rounds.length) await Promise.race([Promise.all(rounds), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    this.transport?.close();
  }

  /** Composes every due job (tests read the outbox right after a call); with `deliver`, sends what is due too. */
  async drain(opts: { deliver?: boolean } = {}) {
    for (let i = 0; i < 50 && !this.stopped; i++) {
      await this.composing.running;
      if (opts.deliver) await this.delivering.running;
      if (!(await this.hasDueWork(opts.deliver ?? false))) return;
      this.kick();
      await this.composing.running;
      if (opts.deliver) {
        this.delivering.kick();
        await this.delivering.running;
      }
    }
  }

  private async guarded(round: () => Promise<void>) {
    try {
      await round();
    } catch (err) {
      // The database may be away for a moment: that is logged once, by the outage log; the next poll tries again.
      const away = unavailableDependency(err);
      if (away && this.outages) this.outages.lost(away, err);
      else this.log.warn({ err }, 'mail queue: round failed');
    }
  }

  private async hasDueWork(deliveries: boolean) {
    const jobs = await this.db
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(and(isNull(mailJobs.doneAt), lte(mailJobs.nextAttemptAt, sql`now()`), lt(mailJobs.attempts, COMPOSE_ATTEMPTS)))
      .limit(1);
    if (jobs.length > 0 || !deliveries || !this.transport) return jobs.length > 0;
    const mails = await this.db.select({ id: outbox.id }).from(outbox).where(this.deliverable()).limit(1);
    return mails.length > 0;
  }

  private deliverable() {
    return and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`), lt(outbox.attempts, DELIVERY_ATTEMPTS), gt(outbox.createdAt, DELIVERY_HORIZON));
  }

  /** Composes up to 20 due jobs, each in its own transaction with the token it issues. */
  private async composeSome(): Promise<number> {
    const ids = await this.db
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(and(isNull(mailJobs.doneAt), lte(mailJobs.nextAttemptAt, sql`now()`), lt(mailJobs.attempts, COMPOSE_ATTEMPTS)))
      .orderBy(asc(mailJobs.createdAt))
      .limit(20);
    let done = 0;
    for (const { id } of ids) {
      try {
        await withTransaction(this.db, async (tx) => {
          const [job] = await tx
            .select()
            .from(mailJobs)
            .where(and(eq(mailJobs.id, id), isNull(mailJobs.doneAt)))
            .for('update', { skipLocked: true });
          if (!job) return;
          const composer = this.composers.get(job.kind);
          const mail = composer ? await composer(tx, job) : undefined;
          if (mail) {
            await tx.insert(outbox).values(mail);
            if (!this.transport) this.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail kept in outbox (no SMTP_URL)');
          }
          await tx.update(mailJobs).set({ doneAt: new Date(), error: null }).where(eq(mailJobs.id, id));
        });
        done += 1;
      } catch (err) {
        this.log.warn({ err, job: id }, 'mail queue: could not compose a mail; will retry');
        await this.db
          .update(mailJobs)
          .set({
            attempts: sql`${mailJobs.attempts} + 1`,
            nextAttemptAt: sql`now() + make_interval(secs => least(15 * power(2, ${mailJobs.attempts}), 3600))`,
            error: String(err).slice(0, 500),
          })
          .where(eq(mailJobs.id, id));
      }
    }
    return done;
  }

  /** Claims up to 10 due mails (a lease, so no other process sends them meanwhile) and sends them. */
  private async deliverSome(): Promise<number> {
    const claimed = await withTransaction(this.db, async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(this.deliverable())
        .orderBy(asc(outbox.createdAt))
        .limit(10)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    for (const row of claimed) {
      if (this.stopped) break;
      try {
        await this.transport!.sendMail({ from: this.from, to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) });
        await this.db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
      } catch (err) {
        const last = row.attempts >= DELIVERY_ATTEMPTS;
        this.log[last ? 'error' : 'warn'](
          { err, to: row.to, attempt: row.attempts },
          last ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
        );
        await this.db
          .update(outbox)
          .set({ error: String(err).slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
          .where(eq(outbox.id, row.id));
      }
    }
    return claimed.length;
  }
}
