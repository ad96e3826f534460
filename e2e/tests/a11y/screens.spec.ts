import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousFindings, type Finding } from '../../fixtures/a11y';
import { adminToken, apiCall } from '../../fixtures/api';
import { VIEWPORTS, closeBrowser, newPage, problemsOf } from '../../fixtures/browser';
import { confirmedOwner, signInThroughPage } from '../../fixtures/owners';
import { inject } from 'vitest';

afterAll(closeBrowser);

/** Every screen, as each kind of visitor sees it; `ready` is what shows once the screen has loaded. */
const GUEST_SCREENS: [string, string][] = [
  ['/', 'The books of your business, day by day'],
  ['/sign-in', 'Sign in'],
  ['/sign-up', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password?token=not-a-real-token', 'Choose a new password'],
  ['/confirmation-required?email=someone%40example.com', 'Check your inbox'],
  ['/terms', 'Terms of use'],
  ['/privacy', 'Privacy policy'],
  ['/no-such-page', 'Page not found'],
];
const ADMIN_SCREENS: [string, string][] = [
  ['/dashboard', 'Dashboard'],
  ['/users', 'Users'],
  ['/usersettings', 'Settings'],
  ['/not-built-yet', 'Page not found'],
];
const OWNER_SCREENS: [string, string][] = [
  ['/user/dashboard', 'User dashboard'],
  ['/user/pricing', 'Plans'],
  ['/usersettings', 'Settings'],
];

async function audit(page: Page, screens: [string, string][], found: Record<string, Finding[]>) {
  for (const [path, ready] of screens) {
    await page.goto(path);
    await page.getByText(ready, { exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const findings = await seriousFindings(page);
    if (findings.length) found[path] = findings;
  }
}

describe.each(VIEWPORTS)('accessibility at $width px (axe-core: no serious or critical finding)', (viewport) => {
  it('every screen a visitor, an administrator and an owner can open, with the user menu open too', async () => {
    const found: Record<string, Finding[]> = {};

    const guest = await newPage(viewport);
    await audit(guest.page, GUEST_SCREENS, found);
    await guest.context.close();

    const admin = await newPage(viewport, { colorScheme: 'dark' });
    const { email, password } = inject('admin');
    await signInThroughPage(admin.page, email, password);
    await admin.page.waitForURL('**/dashboard');
    await audit(admin.page, ADMIN_SCREENS, found);
    // The user menu, open.
    await admin.page.getByRole('button', { name: /^Account menu/ }).click();
    await admin.page.getByRole('menu').waitFor();
    const menu = await seriousFindings(admin.page);
    if (menu.length) found['user menu'] = menu;
    await admin.context.close();

    const owner = await confirmedOwner(`a11y-${viewport.name}`, 'Ada Lovelace');
    const token = await adminToken();
    const list = await apiCall<{ items: { id: string; email: string }[] }>('GET', `admin/users?search=${encodeURIComponent(owner.email)}`, undefined, token);
    await apiCall('PATCH', `admin/users/${list.items[0]!.id}`, { plan: 'basic' }, token);
    const ownerSide = await newPage(viewport);
    await signInThroughPage(ownerSide.page, owner.email, owner.password);
    await ownerSide.page.waitForURL('**/user/dashboard');
    await audit(ownerSide.page, OWNER_SCREENS, found);
    expect(problemsOf(ownerSide.page)).toEqual([]);
    await ownerSide.context.close();

    expect(found).toEqual({});
  });
});
