import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { VIEWPORTS, closeBrowser, newPage, problemsOf } from '../../fixtures/browser';
import { freePlanOwner, navigateTo, signInThroughPage } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('the administrator at $width px', (viewport) => {
  it('sees the dashboard, finds the owner in users, sets a paid plan; the owner then reaches their dashboard', async () => {
    // An owner whose trial of the paid plan is over.
    const owner = await freePlanOwner(`plan-${viewport.name}`, `Jorge Planes ${viewport.name}`);

    // The owner signs in and waits on pricing.
    const ownerSide = await newPage(viewport);
    await signInThroughPage(ownerSide.page, owner.email, owner.password);
    await ownerSide.page.waitForURL('**/user/pricing');

    // The administrator signs in and lands on the admin dashboard.
    const adminSide = await newPage(viewport);
    const { page } = adminSide;
    const admin = inject('admin');
    await signInThroughPage(page, admin.email, admin.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Users by plan').waitFor();
    await page.getByText('Sign-ups per month').first().waitFor();
    await page.getByText('Recent sign-ups').waitFor();
    await page.getByText(owner.email).first().waitFor();

    // A backup of the whole instance, from the dashboard: a gzip'd tar that starts with its manifest.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download backup' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^cuadre-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const tarball = gunzipSync(readFileSync(await download.path()));
    expect(tarball.subarray(0, 13).toString('latin1')).toBe('manifest.json');
    expect(tarball.toString('utf8')).toContain(owner.email);
    await page.getByText(/^The backup was downloaded/).waitFor();

    // Users: search, edit the plan.
    await navigateTo(page, 'Users');
    await page.waitForURL('**/users**');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByLabel('Search users by name or email').fill(owner.email);
    await page.waitForURL(/search=/);
    await page.getByRole('button', { name: `Edit ${owner.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Edit user' }).waitFor();
    await dialog.getByLabel('Plan').click();
    await page.getByRole('option', { name: /^Basic/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${owner.name} saved.`).waitFor();

    // The owner's next navigation reaches their dashboard.
    await ownerSide.page.getByRole('button', { name: 'I have a plan now — continue' }).click();
    await ownerSide.page.waitForURL('**/user/dashboard');
    await ownerSide.page.getByRole('heading', { level: 1, name: new RegExp(owner.name.split(' ')[0]!) }).waitFor();
    // The books hub, now that the plan allows it.
    await ownerSide.page.getByText('Quick add').waitFor();
    await ownerSide.page.getByRole('link', { name: 'Daily income' }).waitFor();

    // An owner who opens an admin screen is sent to their own dashboard.
    await ownerSide.page.goto('/users');
    await ownerSide.page.waitForURL('**/user/dashboard');

    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(ownerSide.page)).toEqual([]);
    await adminSide.context.close();
    await ownerSide.context.close();
  });
});
