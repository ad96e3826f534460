import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type ApiError } from '@cuadre/contracts';
import { AppError } from '../lib/errors.js';
import { diskFull, isDiskFull, serviceUnavailable, unavailableDependency } from '../lib/outage.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCode.VALIDATION,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/** One error shape for every failure, `{ statusCode, code, message, details? }`; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let body: ApiError;
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      body = { statusCode: err.statusCode, code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
        message: v.message ?? 'Invalid value',
      }));
      body = { statusCode: 400, code: ErrorCode.VALIDATION, message: `Invalid ${where}`, details };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      body = { statusCode: err.statusCode, code: CODE_BY_STATUS[err.statusCode] ?? ErrorCode.BAD_REQUEST, message: err.message };
    } else if (isDiskFull(err)) {
      // No room on a disk (the database's or the file store's): 507, the episode told once (lib/disk-watch.ts).
      app.disk?.full(err);
      const e = diskFull();
      body = { statusCode: 507, code: e.code, message: e.message };
    } else if (unavailableDependency(err)) {
      // The database or Redis is away: the outage is logged once, the call answers 503 with Retry-After.
      const what = unavailableDependency(err)!;
      app.outages?.lost(what, err);
      const e = serviceUnavailable(what);
      reply.headers(e.headers!);
      body = { statusCode: 503, code: e.code, message: e.message };
    } else {
      request.log.error({ err }, 'unhandled error');
      body = { statusCode: 500, code: ErrorCode.INTERNAL, message: 'Something went wrong on our side' };
    }
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request.method, request.url)));
}

/**
 * A route that does not exist: the specification's 404 'NOT FOUND' as the message, in the one error
 * shape, the route asked for in `details` (docs/product.md "Errors").
 */
export function routeNotFound(method: string, url: string): ApiError {
  return { statusCode: 404, code: ErrorCode.NOT_FOUND, message: 'NOT FOUND', details: [{ path: 'route', message: `${method} ${url.split('?')[0]}` }] };
}
