import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createTestApp, uniqueEmail, type TestApp } from './helpers/app.js';
import { usingPostgres } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health and docs', () => {
  it('GET /api/health answers ok with the database in use, without a token', async () => {
    expect(expectOk(await t.api('GET', '/api/health'))).toEqual({ status: 'ok', database: usingPostgres ? 'postgres' : 'pglite' });
  });

  it('serves an OpenAPI document with the auth, common and admin calls', async () => {
    const doc = expectOk(await t.api('GET', '/api/docs/json'));
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Cuadre API');
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/auth/sign-up',
      '/api/auth/sign-in',
      '/api/auth/sign-in-with-token',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/unlock-session',
      '/api/auth/confirm-email',
      '/api/auth/resend-confirmation',
      '/api/auth/sign-out',
      '/api/auth/change-password',
      '/api/auth/sessions',
      '/api/common/user',
      '/api/common/navigation',
      '/api/plans',
      '/api/admin/users',
      '/api/admin/stats',
      '/api/health',
    ]) {
      expect(paths, p).toContain(p);
    }
    // The request bodies are documented from the same schemas the server validates with.
    const signIn = doc.paths['/api/auth/sign-in'].post;
    const schema = signIn.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));

    const ui = await t.api('GET', '/api/docs/');
    expect(ui.status).toBe(200);
    expect(String(ui.headers['content-type'])).toContain('text/html');
  });
});

describe('errors', () => {
  it("answers an unknown /api route with the spec's 404 'NOT FOUND' in the error shape", async () => {
    const body = expectError(await t.api('GET', '/api/no-such-thing?x=1'), 404, 'NOT_FOUND');
    expect(body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'NOT FOUND', details: [{ path: 'route', message: 'GET /api/no-such-thing' }] });
    expectError(await t.api('DELETE', '/api/health'), 404, 'NOT_FOUND');
  });

  it('answers malformed JSON with 400 in the error shape, and writes nothing', async () => {
    const before = await t.count(users);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ana", "email":',
    });
    const body = res.json();
    expect(res.statusCode).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body).every((k) => ['statusCode', 'code', 'message', 'details'].includes(k))).toBe(true);
    expect(await t.count(users)).toBe(before);
  });

  it('answers a body of the wrong type with 415 and one over 1 MB with 413', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co&password=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });

    const huge = JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(1024 * 1024 + 10) });
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ statusCode: 413, code: 'TOO_LARGE' });
  });

  it('answers a text/plain body with 415 and writes nothing', async () => {
    const before = await t.count(users);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers: { 'content-type': 'text/plain' }, payload: '{"name":"Ana"}' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await t.count(users)).toBe(before);
  });

  it('answers an avatar upload that is not multipart with 415', async () => {
    const { token } = await t.ownerToken();
    expectError(await t.api('POST', '/api/common/user/avatar', { token, body: { avatar: 'data:image/png;base64,AAAA' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('headers', () => {
  it('sends a Content-Security-Policy and security headers on answers and errors alike', async () => {
    for (const res of [await t.api('GET', '/api/health'), await t.api('GET', '/api/nope'), await t.api('GET', '/api/common/user')]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('gives every answer an x-request-id, keeping the one the client sent', async () => {
    const a = await t.api('GET', '/api/health');
    const b = await t.api('GET', '/api/health');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
    const mine = await t.api('GET', '/api/nope', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(mine.headers['x-request-id']).toBe('trace-abc-123');
    // An over-long id is replaced rather than echoed.
    const long = await t.api('GET', '/api/health', { headers: { 'x-request-id': 'x'.repeat(101) } });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
