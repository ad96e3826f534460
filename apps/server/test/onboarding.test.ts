import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NONE = { business: false, income: false, expenseReceipt: false, vehicle: false, monthClosed: false };
const pdf = () => {
  const f = new FormData();
  f.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'ticket.pdf');
  return f;
};

describe('the first-run checklist (GET /api/onboarding)', () => {
  it('ticks each step from the owner’s own records, one at a time, and never from another owner’s', async () => {
    const { token } = await t.bookkeeper();
    const other = (await t.bookkeeper()).token;
    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });
    const steps = async (as = token) => expectOk(await api('GET', '/api/onboarding', undefined, as)).steps;
    expect(expectOk(await api('GET', '/api/onboarding'))).toEqual({ steps: NONE, dismissed: false });

    const cats = expectOk(await api('GET', '/api/categories')).items as { id: string; kind: string; name: string }[];
    const income = cats.find((c) => c.kind === 'income')!.id;
    const office = cats.find((c) => c.name === 'Office expenses')!.id;

    expectOk(await api('PATCH', '/api/settings', { business: { name: 'Panadería Rosa' } }));
    expect(await steps()).toEqual({ ...NONE, business: true });

    expectOk(await api('POST', '/api/entries', { type: 'income', date: '2026-02-03', amount: 12000, categoryId: income }), 201);
    expect(await steps()).toEqual({ ...NONE, business: true, income: true });

    // An expense alone is not the step; its receipt is.
    const expense = expectOk(await api('POST', '/api/entries', { type: 'expense', date: '2026-02-04', amount: 4599, categoryId: office }), 201);
    expect((await steps()).expenseReceipt).toBe(false);
    expectOk(await t.api('POST', `/api/entries/${expense.id}/attachments`, { token, body: pdf() }), 201);
    expect(await steps()).toEqual({ ...NONE, business: true, income: true, expenseReceipt: true });

    expectOk(await api('POST', '/api/vehicles', { name: 'Delivery van' }), 201);
    expect((await steps()).vehicle).toBe(true);

    expectOk(await api('POST', '/api/tax-years/2026/months/2/close'));
    expect(await steps()).toEqual({ business: true, income: true, expenseReceipt: true, vehicle: true, monthClosed: true });

    // The other owner has done none of it.
    expect(await steps(other)).toEqual(NONE);
  });

  it('counts a receipt on an income as no expense receipt, and a reopened month as no month closed', async () => {
    const { token } = await t.bookkeeper();
    const api = (method: 'GET' | 'POST', url: string, body?: unknown) => t.api(method, url, { token, body });
    const cats = expectOk(await api('GET', '/api/categories')).items as { id: string; kind: string }[];
    const sale = expectOk(
      await api('POST', '/api/entries', { type: 'income', date: '2026-01-10', amount: 500, categoryId: cats.find((c) => c.kind === 'income')!.id }),
      201,
    );
    expectOk(await t.api('POST', `/api/entries/${sale.id}/attachments`, { token, body: pdf() }), 201);
    expectOk(await api('POST', '/api/tax-years/2026/months/1/close'));
    expectOk(await api('POST', '/api/tax-years/2026/months/1/reopen'));
    expect(expectOk(await api('GET', '/api/onboarding')).steps).toEqual({ ...NONE, income: true });
  });

  it('is put away in the preferences, and only for the owner who did it', async () => {
    const { token } = await t.bookkeeper();
    const other = (await t.bookkeeper()).token;
    const saved = expectOk(await t.api('PATCH', '/api/settings', { token, body: { preferences: { onboardingDismissed: true } } }));
    expect(saved.preferences.onboardingDismissed).toBe(true);
    expect(expectOk(await t.api('GET', '/api/onboarding', { token })).dismissed).toBe(true);
    expect(expectOk(await t.api('GET', '/api/common/user', { token })).preferences.onboardingDismissed).toBe(true);
    expect(expectOk(await t.api('GET', '/api/onboarding', { token: other })).dismissed).toBe(false);
    // Not a yes or no: refused, and nothing changes.
    expectError(await t.api('PATCH', '/api/settings', { token, body: { preferences: { onboardingDismissed: 'yes' } } }), 400, 'VALIDATION');
    expect(expectOk(await t.api('GET', '/api/onboarding', { token })).dismissed).toBe(true);
    // Brought back.
    expectOk(await t.api('PATCH', '/api/settings', { token, body: { preferences: { onboardingDismissed: false } } }));
    expect(expectOk(await t.api('GET', '/api/onboarding', { token })).dismissed).toBe(false);
  });

  it('answers 401 without a session and 403 PLAN_REQUIRED to a free-plan owner', async () => {
    expectError(await t.api('GET', '/api/onboarding'), 401, 'UNAUTHORIZED');
    const free = (await t.freeOwnerToken()).token;
    expectError(await t.api('GET', '/api/onboarding', { token: free }), 403, 'PLAN_REQUIRED');
  });
});
