// autocannon ships no types: the part of its API the benchmarks use.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    /** Requests that got no answer within autocannon's 10 s. */
    timeouts: number;
  }
  export default function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): unknown;
  export type { Result };
}
