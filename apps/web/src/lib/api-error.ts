import type { ErrorDetail } from '@cuadre/contracts';

/**
 * A failed call, with the server's stable code and the fields at fault. A module of its own (api.ts
 * re-exports it): the route error page tells failures apart with it, and so it is in the app's entry,
 * without the contracts' schemas api.ts parses answers with (issue 43).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
  /** The message for one field, for inline form errors. */
  field(path: string) {
    return this.details.find((d) => d.path === path)?.message;
  }
}
