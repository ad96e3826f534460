import { ErrorCode, ZApiError, type ErrorDetail } from '@cuadre/contracts';

/** An error meant for the client: its status, stable code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Headers the answer carries, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, ErrorCode.NOT_FOUND, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, ErrorCode.FORBIDDEN, message);
export const unauthorized = (message = 'Invalid token') => new AppError(401, ErrorCode.UNAUTHORIZED, message);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, ErrorCode.CONFLICT, message, details);
export const validation = (message: string, details: ErrorDetail[]) => new AppError(400, ErrorCode.VALIDATION, message, details);
export const rateLimited = (message = 'Too many attempts; try again later', retryAfterSeconds?: number) =>
  new AppError(429, ErrorCode.RATE_LIMITED, message, undefined, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined);
export const planRequired = () => new AppError(403, ErrorCode.PLAN_REQUIRED, 'The books need a paid plan; choose one on the pricing page');
export const periodClosed = (year: number, month: number) =>
  new AppError(409, ErrorCode.PERIOD_CLOSED, `${year}-${String(month).padStart(2, '0')} is closed; reopen the month to change it`);
/** A closed year (all twelve months closed): what is decided for the whole year, such as a vehicle's method, stays. */
export const yearClosed = (year: number) =>
  new AppError(409, ErrorCode.PERIOD_CLOSED, `${year} is closed; reopen one of its months to change a vehicle's method for it`);
export const badReference = (path: string, message: string) => validation(message, [{ path, message }]);

/** PostgreSQL's unique_violation, raised by a constraint that a check before the write could not see (a race). */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * The error statuses every call on the books declares (bad input, signed out, no plan or not theirs,
 * not found, a conflict or a closed month): the books, the chart and the reports answer them alike.
 */
export const bookErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
