import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorableText } from '@cuadre/contracts';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * Generated from the routes the server registers (its OpenAPI document), so every route added later
 * is fuzzed without a line here: valid bodies and queries, then mutated ones (wrong types, huge,
 * NUL, broken surrogates, deep nesting, prototype keys, missing and extra fields) go to every
 * route; any 5xx fails. FUZZ_RUNS sets the cases per route (default 150); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
};

interface Operation {
  method: string;
  path: string;
  body?: JsonSchema;
  multipart: boolean;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  secured: boolean;
}

/** mulberry32: small, fast and seedable, so a failing run can be replayed exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\uD83D\uDE00',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '\r\n\r\n',
  'ñandú ğüşıöç',
  '\u202e',
  'a'.repeat(100_000),
  'a@' + '.'.repeat(20_000) + ' x',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '__proto__',
  'constructor',
];
const NASTY_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], { a: 1 }, '', 'x'];

function makeGen(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  function validString(s: JsonSchema): string {
    if (s.pattern?.includes('@')) return `fuzz-${int(0, 1e6)}@example.com`;
    if (s.pattern?.includes('[0-9a-f]{8}')) return randomUUID();
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? 40, min + 40);
    const length = int(min, Math.max(min, max));
    let out = '';
    for (let i = 0; i < length; i++) out += pick('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.ñ'.split(''));
    return out;
  }

  function valid(s: JsonSchema | undefined, depth = 0): unknown {
    if (!s || depth > 8) return null;
    if (s.const !== undefined) return s.const;
    if (s.enum) return pick(s.enum);
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return valid(pick(variants), depth + 1);
    if (s.nullable && random() < 0.1) return null;
    const type = Array.isArray(s.type) ? pick(s.type.filter((x) => x !== 'null')) : s.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(s.properties ?? {})) {
          if (s.required?.includes(key) || random() < 0.6) out[key] = valid(child, depth + 1);
        }
        return out;
      }
      case 'array':
        return Array.from({ length: int(0, 3) }, () => valid(s.items, depth + 1));
      case 'string':
        return validString(s);
      case 'integer':
        return int(Math.max(s.minimum ?? 0, -1000), Math.min(s.maximum ?? 1000, 1000));
      case 'number':
        return pick([10, 25, 50, int(0, 100), random() * 100]);
      case 'boolean':
        return random() < 0.5;
      default:
        return null;
    }
  }

  function deep(levels: number): unknown {
    let value: unknown = 'bottom';
    for (let i = 0; i < levels; i++) value = random() < 0.5 ? { a: value } : [value];
    return value;
  }

  /** A valid value, then one mutation somewhere inside it. */
  function mutate(value: unknown, schema: JsonSchema | undefined): unknown {
    const kind = int(0, 9);
    if (kind === 0) return pick(NASTY_VALUES);
    if (kind === 1) return deep(int(50, 3000));
    if (kind === 2) return JSON.parse(`{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}`);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return random() < 0.5 ? pick(NASTY_STRINGS) : pick(NASTY_VALUES);
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(schema?.properties ?? out);
    const key = keys.length ? pick(keys) : 'extra';
    switch (kind) {
      case 3:
        delete out[key];
        break;
      case 4:
        out[key] = pick(NASTY_STRINGS);
        break;
      case 5:
        out[key] = pick(NASTY_VALUES);
        break;
      case 6:
        out[`extra-${int(0, 9)}`] = pick([...NASTY_STRINGS, ...NASTY_VALUES]);
        break;
      case 7:
        out[key] = mutate(out[key], schema?.properties?.[key]);
        break;
      case 8:
        out[pick(['\u0000', '\uD800', '__proto__', 'a'.repeat(10_000)])] = 'x';
        break;
      default:
        out[key] = deep(int(10, 500));
    }
    return out;
  }

  function param(s: JsonSchema, mutated: boolean): string {
    if (!mutated) return String(valid(s));
    return pick([
      ...NASTY_STRINGS.map((x) => encodeURIComponent(isStorableText(x) ? x : 'x')),
      '%00',
      '%ED%A0%80',
      '%',
      '%zz',
      randomUUID().toUpperCase(),
      '-1',
      '99999999999999999999',
      'a'.repeat(5000),
    ]);
  }

  return { pick, int, valid, mutate, param, random };
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content ?? {};
      const params = ((op.parameters as Operation['params'] | undefined) ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      out.push({
        method: method.toUpperCase(),
        path,
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || JSON.stringify(op).includes('multipart/form-data'),
        params,
        secured: !(Array.isArray(op.security) && op.security.length === 0),
      });
    }
  }
  return out;
}

let t: TestApp;
let ownerToken: string;
let adminToken: string;
let owner: { email: string; password: string };
beforeAll(async () => {
  t = await createTestApp({ AUTH_IP_LIMIT: '1000000' });
  const made = await t.ownerToken();
  ownerToken = made.token;
  owner = made.owner;
  adminToken = await t.adminToken();
});
afterAll(async () => {
  await t?.close();
});

describe(`fuzz (seed ${SEED}, ${RUNS} cases per route)`, () => {
  it('no generated request to any registered route gets a 5xx', { timeout: 900_000 }, async () => {
    const ops = operations(t.app.swagger() as never);
    // The walk must have found the routes, or the test would pass for want of any.
    expect(ops.length).toBeGreaterThan(20);
    const gen = makeGen(prng(SEED));
    const failures: string[] = [];
    let cases = 0;
    for (const op of ops) {
      for (let run = 0; run < RUNS; run++) {
        const mutated = run > 0 && run % 4 !== 0;
        let url = op.path;
        const query: Record<string, string> = {};
        for (const p of op.params) {
          const value = gen.param(p.schema, mutated && gen.random() < 0.5);
          if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
          else if (gen.random() < 0.7) query[p.name] = value;
        }
        const qs = new URLSearchParams(query).toString();
        let payload: string | Buffer | undefined;
        const headers: Record<string, string> = {};
        if (op.body) {
          const value = gen.valid(op.body);
          const body = mutated ? gen.mutate(value, op.body) : value;
          payload = gen.random() < 0.05 ? '{"truncated": ' : JSON.stringify(body);
          headers['content-type'] = gen.pick([
            'application/json',
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
          ]);
        } else if (op.multipart) {
          const boundary = gen.pick(['b', 'x'.repeat(100), 'fuzz-boundary']);
          payload = Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="f.png"\r\n\r\n`),
            Buffer.from(Array.from({ length: gen.int(0, 64) }, () => gen.int(0, 255))),
            Buffer.from(gen.random() < 0.5 ? `\r\n--${boundary}--\r\n` : ''),
          ]);
          headers['content-type'] = gen.pick([
            `multipart/form-data; boundary=${boundary}`,
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'application/octet-stream',
          ]);
        } else if (mutated && op.method !== 'GET' && gen.random() < 0.3) {
          payload = JSON.stringify(gen.mutate({}, undefined));
          headers['content-type'] = 'application/json';
        }
        if (op.secured) {
          // Sign-out ends the session it is called with: it gets a session of its own.
          const token =
            op.path === '/api/auth/sign-out'
              ? (await t.signIn(owner.email, owner.password, { remoteAddress: '192.0.2.200' })).accessToken
              : op.path.startsWith('/api/admin')
                ? adminToken
                : ownerToken;
          if (gen.random() < 0.9) headers.authorization = `Bearer ${token}`;
        }
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers,
          payload,
          remoteAddress: `10.9.${gen.int(0, 255)}.${gen.int(1, 254)}`,
        });
        cases += 1;
        if (res.statusCode >= 500) {
          failures.push(
            `${op.method} ${url}${qs ? `?${qs.slice(0, 200)}` : ''} ${String(payload ?? '').slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    // Print the size of the run, for the closing note of the issue that asked for it.
    console.log(`fuzz: ${cases} cases over ${ops.length} routes, seed ${SEED}`);
    expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    // The fuzzing did not end the sessions it relied on: a 5xx-free run that only ever met 401 proves little.
    expect((await t.api('GET', '/api/common/user', { token: ownerToken })).status).toBe(200);
  });
});
