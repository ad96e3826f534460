import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, newPage, problemsOf, uniqueEmail } from '../../fixtures/browser';
import { adminToken, apiCall } from '../../fixtures/api';
import { linkIn, waitForMail } from '../../fixtures/mail';

afterAll(closeBrowser);

const DAY_MS = 86_400_000;

/** The signed-in user as the server says, with the page's own token. */
async function me(page: Page): Promise<{ id: string; plan: string; onTrial: boolean; trialEndsAt: string | null }> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return apiCall('GET', 'common/user', undefined, token ?? undefined);
}

/** A date as the page writes it (its language and time zone): "December 25, 2026". */
const asPageWrites = (page: Page, iso: string) =>
  page.evaluate((at) => new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(at)), iso);

describe.each(VIEWPORTS)('a new owner alone at $width px', (viewport) => {
  it('signs up, confirms from the mail, signs in to the hub (not pricing) in the trial, records an income, and asks for a plan', async () => {
    const { context, page } = await newPage(viewport);
    const email = uniqueEmail(`trial-${viewport.name}`);
    const password = 'Churros-Ledger-2026';
    const started = Date.now();

    // The home page says what a new account gets.
    await page.goto('/');
    await page.getByRole('link', { name: 'Try it free for 30 days' }).first().click();
    await page.waitForURL('**/sign-up');
    await page.getByText('Every feature free for 30 days; no card needed.', { exact: false }).waitFor();
    await page.getByLabel('Your name').fill('Tere Prueba');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/confirmation-required**');

    // The mail sink holds the confirmation; its link confirms the address and signs the owner in.
    await page.goto(linkIn(await waitForMail(email, /Confirm your email address/), '/confirm-email?token='));

    // The hub, with the trial's last day: TRIAL_DAYS (30 by default) from the sign-up.
    await page.waitForURL('**/user/dashboard**');
    await page.getByRole('heading', { level: 1, name: /Tere/ }).waitFor();
    const user = await me(page);
    expect(user).toMatchObject({ plan: 'free', onTrial: true });
    expect(Date.parse(user.trialEndsAt!) - started).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(Date.parse(user.trialEndsAt!) - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    const lastDay = await asPageWrites(page, user.trialEndsAt!);
    await page.getByText(`Trial of the paid plan: last day ${lastDay}.`).waitFor();
    expect(page.url()).not.toContain('/user/pricing');

    // The day's income, from the register the hub lists.
    await page.getByRole('navigation', { name: "The month's lists" }).getByRole('link', { name: 'Income register' }).click();
    await page.waitForURL('**/user/dailyincomeregister**');
    await page.getByRole('textbox', { name: 'Amount 1' }).fill('605.50');
    await page.getByText('1 line · $605.50').waitFor();
    await page.getByRole('button', { name: 'Save the day' }).click();
    await page.getByText("The day's income is saved.").waitFor();
    const toFirstIncome = Date.now() - started;
    // For the lead's note (issue 24): the time from the first page to the first saved income, mail included.
    console.log(`[e2e] ${viewport.width} px: first page to first saved income in ${(toFirstIncome / 1000).toFixed(1)} s`);

    // Back on the hub, the month's income holds it.
    await page.goto('/user/dashboard');
    await page.getByRole('link', { name: '$605.50' }).first().waitFor();

    // The plans page: the trial's last day, and a plan asked for.
    await page.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL('**/user/pricing');
    await page.getByText(`Your trial of the paid plan: last day ${lastDay}`).waitFor();
    await page.getByRole('button', { name: 'Ask for the Pro plan' }).click();
    await page.getByText('You asked for the Pro plan').waitFor();
    expect(await page.getByRole('button', { name: /^Ask for the/ }).count()).toBe(0);

    // The administrators have it as a support request; activating the plan answers it.
    const admin = await adminToken();
    const asked = await apiCall<{ items: { id: string; planId: string | null; status: string }[] }>(
      'GET',
      `admin/support-requests?search=${encodeURIComponent(email)}`,
      undefined,
      admin,
    );
    expect(asked.items.map((r) => [r.planId, r.status])).toEqual([['pro', 'open']]);
    await apiCall('PATCH', `admin/users/${user.id}`, { plan: 'pro' }, admin);
    await page.reload();
    await page.getByText('Your request for the Pro plan was answered').waitFor();
    await page.getByText('The Pro plan is now active on your account.').waitFor();
    // On a plan now: no trial line on the hub.
    await page.goto('/user/dashboard');
    await page.getByText('Quick add').waitFor();
    expect(await page.getByText(/^Trial of the paid plan/).count()).toBe(0);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('shows administrators each trial in the users list', async () => {
    const email = uniqueEmail(`trial-admin-${viewport.name}`);
    await apiCall('POST', 'auth/sign-up', { name: 'Ulises Prueba', email, password: 'Churros-Ledger-2026', agreements: true });
    const admin = await adminToken();
    const found = await apiCall<{ items: { trialEndsAt: string | null; onTrial: boolean }[] }>(
      'GET',
      `admin/users?search=${encodeURIComponent(email)}`,
      undefined,
      admin,
    );
    expect(found.items[0]).toMatchObject({ onTrial: true });

    const { context, page } = await newPage(viewport);
    await page.goto('/sign-in');
    await page.evaluate((token) => localStorage.setItem('accessToken', token), admin);
    await page.goto(`/users?search=${encodeURIComponent(email)}`);
    const shortDate = await page.evaluate(
      (at) => new Intl.DateTimeFormat('en', { year: 'numeric', month: 'numeric', day: 'numeric' }).format(new Date(at)),
      found.items[0]!.trialEndsAt!,
    );
    await page.getByText(email).first().waitFor();
    await page.getByText(`Trial until ${shortDate}`).first().waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
