import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@cuadre/contracts';
import { validation } from '../lib/errors.js';

/** A client's request id is echoed and logged only when it cannot smuggle anything into a log line or header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

declare module 'fastify' {
  interface FastifyRequest {
    clientRequestId?: string;
  }
}

function clientRequestId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-request-id'];
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value) ? value : undefined;
}

/**
 * What every request gets, whatever its route: request ids, a refusal of text the database cannot
 * store (for routes that exist today and every one added later), and no caching of API answers,
 * which carry tokens and personal data.
 */
export function registerRequestHygiene(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const id = clientRequestId(request);
    if (id) {
      request.clientRequestId = id;
      request.log = reply.log = request.log.child({ clientRequestId: id });
    }
  });

  // One line per request (Fastify's own logging, turned off in app.ts, writes two).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url.split('?')[0], ip: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const at = findUnstorableText(value);
      if (at) throw validation(UNSTORABLE_TEXT_MESSAGE, [{ path: at.join('.') || part, message: UNSTORABLE_TEXT_MESSAGE }]);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.clientRequestId ?? request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
