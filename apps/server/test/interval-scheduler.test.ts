import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntervalScheduler, runEvery } from '../src/modules/jobs/index.js';

/**
 * The timer the recurring entries and the planning reminders run their rounds on: one round at a time,
 * failures logged and left to the next round, a timer that keeps no process alive, and a stop that
 * waits for the round under way. Rounds here are held open by hand, so nothing depends on how fast
 * the machine is.
 */

/** A round that stays open until the test lets it end (or fail). */
function heldRounds() {
  const open: { end: () => void; fail: (err: Error) => void }[] = [];
  const round = vi.fn(() => new Promise<void>((end, fail) => void open.push({ end, fail })));
  return { round, open };
}
const logger = () => {
  const warn = vi.fn();
  return { warn, log: { warn } as unknown as FastifyBaseLogger };
};

describe('IntervalScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('told not to run at start, runs its first round an interval later', async () => {
    const round = vi.fn(() => Promise.resolve());
    const s = new IntervalScheduler('test', 1000, round, logger().log, false);
    s.start();
    expect(round).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(1);
    await s.stop();
  });

  it('runs a round at start and then each interval, never two at once', async () => {
    const { round, open } = heldRounds();
    const s = new IntervalScheduler('test', 1000, round, logger().log);
    s.start();
    expect(round).toHaveBeenCalledTimes(1);
    // Five intervals pass while the first round is still open: none of them starts another.
    await vi.advanceTimersByTimeAsync(5000);
    expect(round).toHaveBeenCalledTimes(1);
    open[0]!.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(2);
    open[1]!.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(3);
    open[2]!.end();
    await s.stop();
  });

  it('logs a failed round under its name, throws nothing, and runs the next one', async () => {
    const { round, open } = heldRounds();
    const { warn, log } = logger();
    const s = new IntervalScheduler('recurring', 1000, round, log);
    s.start();
    const err = new Error('database gone');
    open[0]!.fail(err);
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith({ err }, 'recurring round failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(2);
    open[1]!.end();
    await s.stop();
  });

  it('keeps no process alive: its timer is unref’d', () => {
    const every = vi.spyOn(globalThis, 'setInterval');
    const s = new IntervalScheduler('test', 1000, async () => undefined, logger().log);
    s.start();
    const timer = every.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    void s.stop();
  });

  it('stop waits for the round under way, and no round starts after it', async () => {
    const { round, open } = heldRounds();
    const s = new IntervalScheduler('test', 1000, round, logger().log);
    s.start();
    let stopped = false;
    const stopping = s.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    open[0]!.end();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(round).toHaveBeenCalledTimes(1);
  });
});

describe('runEvery', () => {
  it('starts with the app ready and stops with it closed, after the round under way', async () => {
    const app = Fastify();
    const { round, open } = heldRounds();
    runEvery(app, 'test', 60_000, round);
    expect(round).not.toHaveBeenCalled();
    await app.ready();
    expect(round).toHaveBeenCalledTimes(1);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false);
    open[0]!.end();
    await closing;
    expect(closed).toBe(true);
  });
});
