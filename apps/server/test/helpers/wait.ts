export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `fn` says yes, asking every 100 ms, and fails naming `what` once `ms` have passed. */
export async function within(ms: number, fn: () => Promise<boolean>, what: string) {
  const until = Date.now() + ms;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}
