import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's field errors (400 VALIDATION details) on the form's fields, and returns the
 * message to show above the form for everything else.
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | undefined {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  let placed = false;
  for (const d of err.details) {
    const field = fields.find((f) => f === d.path);
    if (field) {
      setError(field, { type: 'server', message: d.message });
      placed = true;
    }
  }
  return placed && err.code === 'VALIDATION' ? undefined : err.message;
}
