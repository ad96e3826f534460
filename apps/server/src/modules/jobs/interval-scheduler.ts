import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Runs a round of work every `everyMs` in this process (the recurring entries, the planning reminders):
 * one round at a time (a round still running when the next falls due is not doubled), a failed round
 * logged and left to the next one, and a timer that never keeps the process alive on its own. The rounds
 * themselves must be safe to run in several processes at once (each claims its rows in the database).
 */
export class IntervalScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    /** Names the round in the log line of a failure. */
    private readonly name: string,
    private readonly everyMs: number,
    private readonly round: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    /** Whether the first round runs at start (work that fell due while the server was down) or an interval later. */
    private readonly atStart = true,
  ) {}

  /** Starts the timer, and runs a first round at once unless told not to. */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref();
    if (this.atStart) void this.tick();
  }

  /** Stops the timer and waits for a round under way, so nothing writes after the database closes. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async tick() {
    if (this.running) return;
    this.running = this.round().catch((err: unknown) => this.log.warn({ err }, `${this.name} round failed`));
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }
}

/** A scheduler of `round` every `everyMs` that starts when `app` is ready and stops when it closes. */
export function runEvery(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  round: () => Promise<unknown>,
  opts: { atStart?: boolean } = {},
): IntervalScheduler {
  const scheduler = new IntervalScheduler(name, everyMs, round, app.log, opts.atStart ?? true);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
}
