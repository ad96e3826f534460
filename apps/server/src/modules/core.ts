import type { Redis } from 'ioredis';
import type { Config } from '../config/env.js';
import type { EventBus } from '../lib/events.js';
import type { Database, Db } from '../db/client.js';
import type { MailQueue } from './mail/index.js';
import type { OutageLog } from '../lib/outage.js';
import type { DiskWatch } from '../lib/disk-watch.js';
import type { Guards } from '../plugins/auth.js';
import type { PictureAccess } from '../plugins/pictures.js';
import type { AuthService } from './auth/index.js';
import type { JobRunner } from './jobs/index.js';

/**
 * What every area shares, made once in app.ts: the configuration, the database, Redis when configured,
 * the mail queue, the session service, the route guards and the runner of long jobs (whose kinds each area registers). An area is a Fastify plugin that takes
 * this as its options and builds its own repositories and services from it.
 */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  outages: OutageLog;
  /** The full disk's episodes: readiness asks it, the error handler tells it (lib/disk-watch.ts). */
  disk: DiskWatch;
  mailQueue: MailQueue;
  auth: AuthService;
  guards: Guards;
  jobs: JobRunner;
  /** Tells a user's open tabs that their panels changed (Redis fan-out when configured). */
  events: EventBus;
  /** Who may see a picture (a signed address or a token), for the routes that serve one. */
  pictures: PictureAccess;
}

export interface AreaOptions {
  core: Core;
}
