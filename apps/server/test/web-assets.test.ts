import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

// The built web app as `npm run build` leaves it: index.html, and hashed assets with a .br beside each.
const dist = mkdtempSync(path.join(tmpdir(), 'cuadre-web-dist-'));
const script = 'export const answer = 42;\n'.repeat(200);
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cuadre</title>');
writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves a hashed asset cached for a year, as the brotli file the build wrote when the browser takes it', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    // A cache between the server and the browser must keep the brotli and the plain answer apart.
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the app’s own routes with index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/books', '/reports/annual?year=2026']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Cuadre</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const direct = await t.app.inject({ url: '/index.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset and an unknown API path with 404, not the app', async () => {
    expect((await t.app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
  });
});
