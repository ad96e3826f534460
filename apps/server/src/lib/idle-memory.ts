import type { Server } from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the server looks whether it is idle. */
const CHECK_EVERY_MS = 5_000;
/** No request for this long: the server is idle. */
const QUIET_MS = 10_000;
/** A collection is worth it once the resident memory grew this much since the last one (a health probe's allocations never get there). */
const GROWTH_BYTES = 24 * 1024 * 1024;

/**
 * V8's full collection. Node offers it only behind `--expose-gc`, which `npm start` cannot pass (the
 * server runs in the process scripts/start.mjs started), so the flag is turned on just long enough to
 * take the function from a fresh context, then off again (as Jest's leak detector does). Undefined if V8 refuses.
 */
function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (() => void) | undefined;
    v8.setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gives memory back to the operating system when the server goes idle. A start (modules, migrations,
 * the first answers) and a burst of requests grow V8's young generation to its largest and leave
 * pages of garbage in the old one; V8 keeps them committed, and only a full collection, which an idle
 * process never triggers by itself, hands them back: about 100 MiB of the idle server's resident
 * memory (docs/architecture.md, "Budgets"). So once no request came for a few seconds and the
 * resident memory grew since the last collection, one full collection runs (tens of milliseconds,
 * when nobody waits). Returns how to stop.
 */
export function releaseMemoryWhenIdle(server: Server): () => void {
  const gc = fullCollection();
  if (!gc) return () => undefined;
  let lastRequest = Date.now();
  let residentAfter = 0;
  const seen = () => (lastRequest = Date.now());
  server.on('request', seen);
  server.on('upgrade', seen);
  const timer = setInterval(() => {
    if (Date.now() - lastRequest < QUIET_MS || process.memoryUsage.rss() - residentAfter < GROWTH_BYTES) return;
    gc();
    residentAfter = process.memoryUsage.rss();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', seen);
    server.off('upgrade', seen);
  };
}
