import { useState, type ChangeEvent, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api';

export interface FieldIssue {
  /** The zod issue code (too_small, invalid_format, ...) or `server`. */
  type: string;
  message: string;
}

/**
 * A small form state checked with a contract schema, for the sign-in page: react-hook-form and its
 * resolver add 10 KB gzipped to the first load, over the budget. It behaves like react-hook-form's
 * defaults: checked on submit, then again on every change, and the first field at fault is focused.
 */
export function useSchemaForm<S extends z.ZodMiniType<unknown, Record<string, string>>>(schema: S, initial: z.input<S>) {
  type Values = z.input<S>;
  type Name = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, FieldIssue>>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (next: Values) => {
    const result = z.safeParse(schema, next);
    const found: Partial<Record<Name, FieldIssue>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = String(issue.path[0]) as Name;
        found[name] ??= { type: issue.code, message: issue.message };
      }
    }
    setErrors(found);
    return result;
  };

  const field = (name: Name) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) check(next);
    },
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const result = check(values);
    if (result.success) return onValid(result.data);
    const first = String(result.error.issues[0]?.path[0] ?? '');
    const element = e.currentTarget.elements.namedItem(first);
    if (element instanceof HTMLElement) element.focus();
  };

  /** Puts a 400's field details on the fields; true when at least one landed there. */
  const setServerErrors = (err: unknown) => {
    if (!(err instanceof ApiError) || err.code !== 'VALIDATION') return false;
    const found: Partial<Record<Name, FieldIssue>> = {};
    for (const d of err.details) if (d.path in values) found[d.path as Name] = { type: 'server', message: d.message };
    setErrors(found);
    return Object.keys(found).length > 0;
  };

  return { values, errors, field, handleSubmit, setServerErrors };
}
