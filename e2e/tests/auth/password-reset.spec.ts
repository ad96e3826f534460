import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, newPage, problemsOf } from '../../fixtures/browser';
import { linkIn, waitForMail } from '../../fixtures/mail';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('forgotten password at $width px', (viewport) => {
  it('mails a one-hour, single-use link; the new password signs in and every earlier session has ended', async () => {
    const owner = await paidOwner(`reset-${viewport.name}`, 'Marta Reyes');

    // An earlier session, on another device.
    const earlier = await ownerPage(viewport, owner);

    const { context, page } = await newPage(viewport);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The URL changes a moment before the new page replaces the old one, which has the same field.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const link = linkIn(await waitForMail(owner.email, /Reset your Cuadre password/), '/reset-password?token=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const fresh = 'Quesadilla-Ledger-31';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat the new password').fill(fresh);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/sign-in**');
    await page.getByText('Your password has been changed. Sign in with the new one.').waitFor();

    // The old password no longer works; the new one does.
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong email or password.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/user/dashboard');

    // The earlier session has ended: its next request answers 401, which signs it out.
    await earlier.page.reload();
    await earlier.page.waitForURL('**/sign-in**');

    // The link worked once.
    const again = await newPage(viewport);
    await again.page.goto(link);
    await again.page.getByLabel('New password', { exact: true }).fill('Another-Ledger-Pass-8');
    await again.page.getByLabel('Repeat the new password').fill('Another-Ledger-Pass-8');
    await again.page.getByRole('button', { name: 'Change password' }).click();
    await again.page.getByText('This password link is invalid, has expired, or has already been used.', { exact: false }).waitFor();

    expect(problemsOf(page)).toEqual([]);
    await Promise.all([context.close(), earlier.context.close(), again.context.close()]);
  });
});
