import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it, TestRunner } from 'vitest';
import { usingPostgres } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each skipped suite writes its line; the global setup prints them once the run ends. */
    skippedSuites: string;
  }
}

/** A service some suites need, whether this run has it, and what turns it on. */
const SERVICES = {
  postgres: {
    name: 'PostgreSQL',
    here: () => usingPostgres,
    turnOn: () =>
      process.env.DATABASE_URL
        ? 'runs with TEST_DB=postgres (npm test’s PostgreSQL run)'
        : 'set DATABASE_URL=postgres://… (npm test), or TEST_DB=postgres with it (vitest)',
  },
  redis: {
    name: 'Redis',
    here: () => !!process.env.TEST_REDIS_URL,
    turnOn: () =>
      process.env.REDIS_URL && process.env.DATABASE_URL
        ? 'runs with TEST_REDIS_URL (npm test’s PostgreSQL run)'
        : 'set REDIS_URL=redis://… and DATABASE_URL (npm test), or TEST_REDIS_URL (vitest)',
  },
  'redis-server': {
    name: 'the redis-server program',
    here: () => spawnSync('redis-server', ['--version']).status === 0,
    turnOn: () => 'put redis-server on PATH (apt-get install redis-server)',
  },
} as const;
export type Service = keyof typeof SERVICES;

/**
 * `describe` and `it` for what needs PostgreSQL or Redis: they run where the services are; elsewhere
 * they are skipped, and the end of the run prints one line for each, naming the variable that turns
 * it on (a machine without them would otherwise skip them without a word).
 */
export function needs(...services: Service[]) {
  const missing = services.filter((s) => !SERVICES[s].here());
  const skipped = (name: string) => {
    if (!missing.length) return false;
    // The file being collected, and the suite around this one (none at the top of a file).
    const trail = [path.basename(expect.getState().testPath ?? ''), TestRunner.getCurrentSuite().name, name].filter(Boolean).join(' › ');
    const needed = missing.map((s) => `${SERVICES[s].name}: ${SERVICES[s].turnOn()}`).join('; ');
    appendFileSync(inject('skippedSuites'), `${trail}: skipped, needs ${needed}\n`);
    return true;
  };
  return {
    describe: (name: string, fn: () => void) => describe.skipIf(skipped(name))(name, fn),
    it: (name: string, fn: () => Promise<void> | void, timeout?: number) => it.skipIf(skipped(name))(name, fn, timeout),
  };
}
