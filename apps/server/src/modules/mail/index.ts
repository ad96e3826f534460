/**
 * The mail outbox: areas queue a mail job in their own transaction, and the queue composes and
 * delivers it off the request path, with retries (ADR 006). No routes: app.ts makes the one queue
 * in the core, and each area that sends mail registers its composers on it.
 */
export { MailQueue, type Composer, type Mail, type MailJob, type NewMailJob } from './mail-queue.js';
