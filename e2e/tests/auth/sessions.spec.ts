import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, newPage, problemsOf } from '../../fixtures/browser';
import { adminToken, apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('sessions at $width px', (viewport) => {
  it('sends a signed-out visitor to sign-in with redirectURL, and back to the page after signing in', async () => {
    const owner = await paidOwner(`redirect-${viewport.name}`, 'Pablo Redondo', { plan: 'pro' });

    const { context, page } = await newPage(viewport);
    await page.goto('/usersettings');
    // The reload lands on sign-in, remembering the page to come back to.
    await page.waitForURL(/\/sign-in\?redirectURL=%2Fuser/);
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/usersettings');

    // A signed-in user who opens a guest-only page goes to the root, and from there to their dashboard.
    await page.goto('/sign-in');
    await page.waitForURL('**/user/dashboard');

    // unlock-session asks the password again and goes on.
    await page.goto('/unlock-session');
    await page.getByRole('heading', { name: 'Unlock your session' }).waitFor();
    await page.getByText(owner.name).first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL('**/user/dashboard');

    // Sign out from the user menu: the session ends on the server, and /sign-out goes to sign-in.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Signed in as').waitFor();
    await menu.getByText(owner.email).waitFor();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-out');
    await page.getByText('You have been signed out.').waitFor();
    await page.waitForURL('**/sign-in', { timeout: 15_000 });
    const after = await fetch(new URL('/api/common/user', page.url()), { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // /sign-out while signed out goes to sign-in without a redirectURL.
    await page.goto('/sign-out');
    await page.waitForURL((url) => url.pathname === '/sign-in' && !url.search.includes('redirectURL'));
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('signs out and reloads on any 401: a session ended elsewhere ends here at the next request', async () => {
    const owner = await paidOwner(`revoked-${viewport.name}`, 'Inés Cortés');
    const { id } = owner;
    const admin = await adminToken();

    const { context, page } = await ownerPage(viewport, owner);

    // The administrator disables the account: its sessions end at once.
    // Once the dashboard has settled, nothing is in flight: the next request is the navigation's.
    await page.getByText('Recent entries').waitFor();
    await page.waitForLoadState('networkidle');
    await apiCall('POST', `admin/users/${id}/disable`, undefined, admin);
    await page.getByRole('link', { name: 'Daily income' }).click();
    // The reload lands on sign-in, remembering the page to come back to.
    await page.waitForURL(/\/sign-in\?redirectURL=%2Fuser/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
