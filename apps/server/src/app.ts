import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Redis } from 'ioredis';
import { jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@cuadre/contracts';
import type { Config } from './config/env.js';
import { openDatabase, probeRoom, type Database } from './db/client.js';
import { REQUEST_DB_WAIT_MS, runWithDeadline } from './db/deadlines.js';
import { bootstrap, type BootstrapResult } from './db/seed/bootstrap.js';
import { SessionCache } from './lib/session-cache.js';
import { ReadCache } from './lib/read-cache.js';
import { readCacheHooks } from './plugins/read-cache.js';
import { PictureAccess, pictureHooks } from './plugins/pictures.js';
import { PictureSigner } from './lib/picture-urls.js';
import { securityHeaders } from './plugins/security-headers.js';
import { COMPRESS_OPTIONS } from './lib/compression.js';
import { MemoryAttemptCounter, MemoryGuessThrottle, RedisAttemptCounter, RedisGuessThrottle, type ThrottlePolicy } from './lib/attempts.js';
import { MailQueue } from './modules/mail/index.js';
import { usePasswordProfile } from './lib/passwords.js';
import { OutageLog } from './lib/outage.js';
import { DiskWatch } from './lib/disk-watch.js';
import { documentTransform, nameSchemas } from './lib/openapi.js';
import { AccessTokens } from './lib/tokens.js';
import { registerErrorHandling, routeNotFound } from './plugins/errors.js';
import { registerRequestHygiene } from './plugins/hygiene.js';
import { authGuards } from './plugins/auth.js';
import { AuthService, type Authenticated } from './modules/auth/index.js';
import type { Core } from './modules/core.js';
import { JobRunner } from './modules/jobs/index.js';
import { EventBus } from './lib/events.js';
import adminArea from './modules/admin/index.js';
import authArea from './modules/auth/index.js';
import commonArea from './modules/common/index.js';
import healthArea from './modules/health/index.js';
import plansArea from './modules/plans/index.js';
import booksArea from './modules/books/index.js';
import chartArea from './modules/chart/index.js';
import settingsArea from './modules/settings/index.js';
import backupArea from './modules/backup/index.js';
import reportsArea from './modules/reports/index.js';
import jobsArea from './modules/jobs/index.js';
import accountArea from './modules/account/index.js';
import panelsArea, { tellAdministratorsDiskFull } from './modules/panels/index.js';
import searchArea from './modules/search/index.js';
import helpArea from './modules/help/index.js';
import inventoryArea from './modules/inventory/index.js';
import filesArea from './modules/files/index.js';
import iconsArea from './modules/icons/index.js';
import contactsArea from './modules/contacts/index.js';
import chatArea from './modules/chat/index.js';
import planningArea from './modules/planning/index.js';
import mailboxArea from './modules/mailbox/index.js';
import insightsArea from './modules/insights/index.js';
import financeArea from './modules/finance/index.js';
import scrumboardArea from './modules/scrumboard/index.js';
import projectArea from './modules/project/index.js';

/** Every area of the API, in the order they register. */
const AREAS = [
  healthArea,
  authArea,
  commonArea,
  plansArea,
  adminArea,
  settingsArea,
  chartArea,
  booksArea,
  reportsArea,
  jobsArea,
  accountArea,
  backupArea,
  panelsArea,
  searchArea,
  helpArea,
  inventoryArea,
  filesArea,
  iconsArea,
  contactsArea,
  chatArea,
  planningArea,
  mailboxArea,
  insightsArea,
  financeArea,
  scrumboardArea,
  projectArea,
];

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    bootstrapResult: BootstrapResult;
    mailQueue: MailQueue;
    outages: OutageLog;
    disk: DiskWatch;
    /** The job runner (tests run the recurring entries' rounds with it, as the server does). */
    jobs: JobRunner;
  }
}

export interface BuildOptions {
  /** Pass an open database to share it (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Told one plain line per attempt while a start waits for PostgreSQL. */
  onWait?: (line: string) => void;
}

/**
 * A Redis client that never makes a request wait on a dead Redis: no offline queue, no retries of
 * a command, short timeouts; it reconnects by itself, at most every 2 s, for ever. A start waits a
 * moment for it to be ready, then goes on: calls that need it answer 503 until it is.
 */
async function connectRedis(url: string, outages: OutageLog): Promise<Redis> {
  // Loaded only when configured: a single server without REDIS_URL does not load its 45 modules.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: 800,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on('error', (err) => outages.lost('redis', err));
  redis.on('ready', () => outages.back('redis'));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** The whole server: external plugins, then the app's services, then its routes. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  usePasswordProfile(config.env === 'test' ? 'test' : 'owasp');
  nameSchemas();
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // The server's own id on every log line; a client's id is logged beside it, never instead of it.
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's two lines per request give way to one, written in plugins/hygiene.ts.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // The API speaks JSON (and multipart for files); a text/plain body is refused with 415, not half-parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestHygiene(app);
  registerErrorHandling(app);
  // A call waits at most REQUEST_DB_WAIT_MS for the database to answer (db/deadlines.ts): a database
  // that does not answer makes it a 503, never a long wait. A live socket's later work is not the upgrade's.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.headers.upgrade) return done();
    runWithDeadline(REQUEST_DB_WAIT_MS, done);
  });
  // API_DELAY_MS: every API answer waits this long first (demonstrations of the loading states).
  if (config.apiDelayMs > 0) {
    const delay = config.apiDelayMs;
    app.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/api/')) await new Promise((resolve) => setTimeout(resolve, delay));
    });
  }

  const outages = new OutageLog(app.log);
  app.decorate('outages', outages);

  // External plugins.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, outages) : undefined;
  securityHeaders(app);
  // Every answer over 1 KB goes out compressed when the client accepts it: JSON from the API, the
  // documents; the built assets are precompressed at build time and sent as they are (lib/compression).
  await app.register(compress, COMPRESS_OPTIONS);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      message: `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
    }),
  });
  // The panels' live channel (modules/panels): badges update without a reload.
  await app.register(websocket, { options: { maxPayload: 8192 } });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, which is what the route schemas are written in (`type: [string, null]`).
      openapi: '3.1.0',
      info: {
        title: 'Cuadre API',
        version: '0.1.0',
        description:
          'The books of a small business. Money is integer cents. The default chart’s names come in the language of the `X-Language` header (en, es or tr), else of the account.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The app: database, then services.
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, waitSeconds: config.databaseWaitSeconds, onWait: opts.onWait, outages }));
  const ownsDatabase = !opts.database;
  app.decorate('database', database);
  const { db } = database;
  app.decorate('bootstrapResult', await bootstrap(db, { email: config.adminEmail, password: config.adminPassword }));

  const mailQueue = new MailQueue(db, app.log, config.mailFrom, config.smtpUrl, outages);
  app.decorate('mailQueue', mailQueue);
  const windowMs = config.rateLimits.accountWindowMs;
  const mailRequests = redis ? new RedisAttemptCounter(redis, windowMs, `${config.redisPrefix}attempts:`) : new MemoryAttemptCounter(windowMs);
  const policy: ThrottlePolicy = { free: config.rateLimits.accountFailures, baseDelayMs: 60_000, maxDelayMs: windowMs, memoryMs: windowMs };
  const guesses = redis ? new RedisGuessThrottle(redis, policy, `${config.redisPrefix}guesses:`) : new MemoryGuessThrottle(policy);
  const sessionCache = new SessionCache<Authenticated>({ redis, prefix: config.redisPrefix, ttlMs: config.sessionCacheMs });
  const auth = new AuthService(
    db,
    new AccessTokens(config.jwtSecret),
    mailQueue,
    mailRequests,
    guesses,
    { publicUrl: config.publicUrl, trialDays: config.trialDays, jwtSecret: config.jwtSecret, mfaKey: config.mfaKey, requireAdminMfa: config.requireAdminMfa },
    sessionCache,
  );
  // Pictures' addresses signed for their reader before the read cache keeps an answer (plugins/pictures.ts).
  const pictures = new PictureAccess(new PictureSigner(config.jwtSecret), auth);
  pictureHooks(app, pictures.signer);
  const readCache = new ReadCache({ redis, prefix: config.redisPrefix, ttlMs: config.readCacheMs });
  readCacheHooks(app, readCache);
  const jobs = new JobRunner(db, config.dataDir, app.log, readCache);
  app.decorate('jobs', jobs);
  const events = new EventBus(redis, `${config.redisPrefix}events`, app.log);
  events.start();
  const disk = new DiskWatch({
    log: app.log,
    dataDir: config.dataDir,
    probeDatabase: () => probeRoom(db),
    tellAdministrators: (since) => tellAdministratorsDiskFull(db, events, since),
  });
  app.decorate('disk', disk);
  // A write that succeeded while a disk was known to be full: there is room again.
  app.addHook('onResponse', async (req, reply) => {
    if (disk.isFull && req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && reply.statusCode < 300) disk.roomAgain();
  });
  const core: Core = { config, database, db, redis, outages, disk, mailQueue, auth, guards: authGuards(app, auth), jobs, events, pictures };

  // The areas: each one Fastify plugin with its routes and services (modules/<area>/index.ts).
  for (const area of AREAS) await app.register(area, { core });

  if (config.webDist) await serveWeb(app, config.webDist);

  // After the routes: jobs left by an earlier run go out as soon as the server is up.
  app.addHook('onReady', async () => mailQueue.start());
  app.addHook('onClose', async () => {
    await jobs.drain();
    await events.stop();
    await mailQueue.stop();
    await sessionCache.close();
    await redis?.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });
  return app;
}

/** The built web app, with the client-side routes answered by index.html. */
async function serveWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; they are sent as they are.
    preCompressed: true,
    // Called with the reply after send's own headers (@fastify/static 10), so ours replace its
    // `public, max-age=0`: hashed assets are kept for a year, index.html is revalidated on every visit.
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', (req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send(routeNotFound(req.method, url));
    }
    // Asset paths (with an extension) that do not exist are real 404s, not the app.
    if (/\.[a-z0-9]+$/i.test(url)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
