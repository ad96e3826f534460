import { describe, expect, it } from 'vitest';
import * as contracts from '@cuadre/contracts';

interface Found {
  where: string;
  pattern: RegExp;
}

/** Every regular expression inside the contracts' schemas, found by walking their definitions. */
function patternsOf(schema: unknown, where: string, seen: Set<unknown>, out: Found[]) {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  for (const check of (def.checks as { _zod: { def: { pattern?: unknown } } }[] | undefined) ?? []) {
    if (check._zod.def.pattern instanceof RegExp) out.push({ where, pattern: check._zod.def.pattern });
  }
  const walk = (child: unknown, name: string) => patternsOf(child, `${where}.${name}`, seen, out);
  if (def.shape) for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, key);
  for (const key of ['innerType', 'element', 'in', 'out', 'keyType', 'valueType', 'left', 'right', 'schema']) if (def[key]) walk(def[key], key);
  for (const option of (def.options as unknown[] | undefined) ?? []) walk(option, 'option');
}

const N = 100_000;
/** Repetitive shapes that make a backtracking pattern try every split of a long run. */
const ADVERSARIAL = [
  'a@' + '.'.repeat(N) + ' x',
  'a'.repeat(N) + '!',
  'a@' + 'a'.repeat(N) + '!',
  '@'.repeat(N),
  'a.'.repeat(N / 2) + '@',
  'a@' + 'a.'.repeat(N / 2) + '@',
  'a@b' + '.c'.repeat(N / 2) + ' ',
  '0'.repeat(N) + 'x',
  '0-'.repeat(N / 2) + '!',
  '-'.repeat(N) + '!',
  ' '.repeat(N) + 'x',
  '\t'.repeat(N) + '\u0000',
  'ab'.repeat(N / 2) + '\n',
];

describe('patterns in the contracts', () => {
  const found: Found[] = [];
  const seen = new Set<unknown>();
  for (const [name, value] of Object.entries(contracts)) patternsOf(value, name, seen, found);
  for (const value of Object.values(contracts)) if (value instanceof RegExp) found.push({ where: 'export', pattern: value });

  it('are found (the walk reaches the email pattern)', () => {
    expect(found.map((f) => f.pattern.source)).toContain(contracts.EMAIL_PATTERN.source);
  });

  // Nothing is timed: a pattern that backtracks super-linearly takes minutes on 100 KB, and the
  // test's timeout fails it.
  it.each(found.map((f) => [f.where, f.pattern] as const))('%s runs in linear time on 100 KB adversarial input', (_where, pattern) => {
    for (const input of ADVERSARIAL) pattern.test(input);
  });

  it('refuse unstorable text and over-long input before any pattern runs', () => {
    expect(contracts.ZEmail.safeParse('a\u0000@b.co').success).toBe(false);
    expect(contracts.ZEmail.safeParse('a@b.co').success).toBe(true);
    const long = contracts.ZEmail.safeParse('a@' + '.'.repeat(N) + ' x');
    expect(long.success).toBe(false);
    // Only the length is reported: the pattern never ran.
    expect(long.error!.issues.map((i) => i.code)).toEqual(['too_big']);
    expect(contracts.findUnstorableText({ a: [{ b: 'x\uDFFFy' }] })).toEqual(['a', '0', 'b']);
    expect(contracts.findUnstorableText({ a: ['ok', '\uD83D\uDE00 emoji'] })).toBeUndefined();
  });
});
