import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

/** What a zod issue carries that its words need (zod/mini's issue types, read loosely). */
interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  input?: unknown;
  params?: { i18n?: string; values?: Record<string, unknown> };
}

/**
 * One translated error map for every form: a contract's rule is the same for everyone, its words are
 * the reader's. A custom rule names its translation key in `params.i18n` and its values in
 * `params.values` (e.g. passwords that do not match); anything this map does not know keeps the contract's own message.
 */
export function issueText(t: TFunction, issue: Issue): string {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? t('common.validation.required') : t('common.validation.tooShort', { min });
      if (issue.origin === 'array') return t('common.validation.chooseAtLeast', { min });
      return t('common.validation.tooSmall', { min });
    case 'too_big':
      if (issue.origin === 'string') return t('common.validation.tooLong', { max });
      return t('common.validation.tooLarge', { max });
    case 'invalid_format':
      return issue.format === 'email' || /email/i.test(issue.message) ? t('common.validation.invalidEmail') : t('common.validation.invalidFormat');
    case 'invalid_type':
      return issue.input === undefined || issue.input === '' ? t('common.validation.required') : t('common.validation.invalidFormat');
    case 'invalid_value':
      return issue.input === false ? t('common.validation.mustAccept') : t('common.validation.invalidChoice');
    default:
      return issue.params?.i18n ? t(issue.params.i18n, issue.params.values) : issue.message;
  }
}

/**
 * A react-hook-form resolver from a contract's schema: the parsed values on success (trimmed,
 * coerced as the contract says), else each field's first issue in the reader's language.
 */
export function contractResolver<T extends FieldValues>(schema: z.ZodMiniType, t: TFunction): Resolver<T> {
  return async (values) => {
    const result = z.safeParse(schema, values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues as unknown as Issue[]) {
      const path = issue.path.map(String);
      if (!path.length) continue;
      // Nested fields (preferences.language) nest in react-hook-form's errors as they do in the values.
      let at = errors;
      for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
      const leaf = path.at(-1)!;
      at[leaf] ??= { type: issue.code, message: issueText(t, issue) };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
