import { z } from 'zod/mini';

/**
 * Text that PostgreSQL cannot store: a NUL, or a UTF-16 surrogate without its pair (JSON allows
 * both, `text` and `jsonb` refuse them). Written without nested quantifiers, so it runs in linear
 * time on any input.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that cannot be stored (a NUL or a broken character)';

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/**
 * The path of the first string (or object key) in a parsed request part that cannot be stored, or
 * undefined. The server runs it on every body, query and path of every route, so no route, present
 * or future, can hand such text to the database.
 */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  // Deeper than any contract goes: the schema refuses it; the walk stops rather than recursing.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key.replace(UNSTORABLE, '?')];
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every string a client sends goes through this: its length is checked first and stops the
 * checks that follow (`abort`), so no pattern ever runs on more than `max` characters, then
 * unstorable characters are refused. Patterns come after, and must be linear anyway.
 */
export function text(max: number, ...checks: z.core.$ZodCheck<string>[]) {
  return z
    .string()
    .check(
      z.maxLength(max, { error: `Use at most ${max} characters`, abort: true }),
      z.refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE, abort: true }),
      ...checks,
    );
}

/** A UUID, in the lower case the database prints, whatever case the client wrote it in. */
export const ZUuid = text(36, z.toLowerCase(), z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a valid id'));

/**
 * An email address: one `@`, no spaces, a dot in the domain. Each part is a run of characters
 * that cannot contain its own delimiter, so the pattern cannot backtrack (the one it replaces took
 * seconds on `a@` followed by thousands of dots).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * A field GET answers but a write does not change (an id, an avatar's address, `createdAt`): a PATCH
 * accepts it with any value and ignores it, so a client may send back the whole object it read
 * (docs/product.md "Whole objects sent back"). Keys the object does not have are still refused.
 */
export const readOnly = () => z.optional(z.unknown().register(z.globalRegistry, { description: 'Read-only: accepted as GET answers it and ignored' }));
