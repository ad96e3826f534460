import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk } from './helpers/expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Operation = { operationId?: string; summary?: string; responses: Record<string, unknown> };

describe('the API document (/api/docs/json)', () => {
  it('is a valid OpenAPI document to a real validator, every $ref resolving', async () => {
    const doc = expectOk(await t.api('GET', '/api/docs/json'));
    const result = (await validate(structuredClone(doc))) as { valid: boolean; errors?: unknown[] };
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    // The recursive navigation item is a named component.
    expect(doc.components.schemas.NavigationItem).toBeDefined();
    expect(JSON.stringify(doc)).not.toMatch(/#\/components\/schemas\/schema\d/);
  });

  it('gives every operation a unique operationId, a summary and its 4xx answers', async () => {
    const doc = expectOk(await t.api('GET', '/api/docs/json'));
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item).filter(([m]) => METHODS.includes(m))) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(op.operationId!), `${where}: duplicate ${op.operationId}`).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary?.length ?? 0, `${where} has no summary`).toBeGreaterThan(3);
        const codes = Object.keys(op.responses);
        expect(
          codes.some((c) => c.startsWith('2')),
          `${where}: no success answer`,
        ).toBe(true);
        if (!path.startsWith('/api/health'))
          expect(
            codes.some((c) => c.startsWith('4')),
            `${where}: no 4xx answer`,
          ).toBe(true);
      }
    }
    expect(ids.size).toBeGreaterThan(20);
  });

  it("generates a typed client with openapi-typescript, an integrator's first step", async () => {
    const doc = expectOk(await t.api('GET', '/api/docs/json'));
    const source = astToString(await openapiTS(doc));
    expect(source).toContain('"/api/auth/sign-in"');
    expect(source).toContain('postAuthSignIn');
    expect(source).toMatch(/NavigationItem/);
  });
});
