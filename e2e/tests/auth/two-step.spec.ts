import { afterAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { ownerPage, paidOwner, signInThroughPage } from '../../fixtures/owners';

afterAll(closeBrowser);

/** What an authenticator app shows for `secret`, `steps` 30-second periods from now (the same library as the server's). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

describe.each(VIEWPORTS)('two-step sign-in at $width px', (viewport) => {
  it('is turned on in the security settings with a code, and then asked for at sign-in', async () => {
    const owner = await paidOwner(`mfa-${viewport.name}`, 'Inés Prieto');
    const { context, page } = await ownerPage(viewport, owner);

    await page.goto('/usersettings?tab=security');
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByRole('img', { name: 'QR code to add Cuadre to your authenticator app' }).waitFor();
    // The key as the page shows it for typing into the app, in groups of four.
    const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'Download .txt' }).waitFor();
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();

    // Sign out, and back in: the password, then the code.
    await page.goto('/sign-out');
    await page.waitForURL('**/sign-in', { timeout: 15_000 });
    await signInThroughPage(page, owner.email, owner.password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    const field = page.getByLabel('Code from the app');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor();
    // The code used to turn it on cannot be used again; the next step's can.
    await field.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/user/dashboard');

    // The session list says this one used the second step.
    await page.goto('/usersettings?tab=security');
    await page.getByText('Two-step', { exact: true }).first().waitFor();

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
