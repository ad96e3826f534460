import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, newPage, problemsOf, uniqueEmail } from '../../fixtures/browser';
import { linkIn, waitForMail } from '../../fixtures/mail';
import { endTrial } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('a visitor at $width px', (viewport) => {
  it('reads what Cuadre is, the terms and the privacy policy', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'The books of your business, day by day' }).waitFor();
    await page.getByRole('link', { name: 'Terms of use' }).first().click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await page.goto('/');
    await page.getByRole('link', { name: 'Privacy' }).first().click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('signs up, is asked to confirm, confirms from the mail, which signs in, and, once the trial is over, lands on pricing on the free plan', async () => {
    const { context, page } = await newPage(viewport);
    const email = uniqueEmail(`signup-${viewport.name}`);
    const password = 'Tortilla-Ledger-77';

    await page.goto('/');
    // The invitation says what a new account gets: the trial of TRIAL_DAYS (30 by default).
    await page.getByRole('link', { name: 'Try it free for 30 days' }).first().click();
    await page.waitForURL('**/sign-up');

    // Inline validation: nothing is sent while the form is invalid.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your name').waitFor();

    await page.getByLabel('Your name').fill('Rosa Martínez');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Business name (optional)').fill('Panadería Rosa');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/confirmation-required**');
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    // Before confirming, sign-in is refused with EMAIL_NOT_CONFIRMED and offers the mail again.
    await page.goto('/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Your email address is not confirmed yet', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Send the confirmation mail again' }).click();
    await page.getByText(`We sent a new confirmation mail to ${email}.`).waitFor();

    // The second mail's link confirms the address (it replaced the first one's).
    const mail = await waitForMail(email, /Confirm your email address/, { count: 2 });
    const link = linkIn(mail, '/confirm-email?token=');
    // The trial's last day passes (tests/auth/trial.spec.ts follows a new owner in the trial).
    await endTrial(email);
    // Following the link signs the owner in: no sign-in form to fill again.
    await page.goto(link);

    // On the free plan, the owner is sent to pricing, which lists the plans and says how to get one.
    await page.waitForURL('**/user/pricing');
    await page.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
    await page.getByText('You are on the free plan').waitFor();
    await page.getByText(/^Your trial ended on /).waitFor();
    for (const plan of ['Free', 'Basic', 'Pro']) await page.getByRole('heading', { name: plan, exact: true }).waitFor();
    await page.getByText('Ask your administrator to activate a plan for your account', { exact: false }).waitFor();

    // Other screens send a free-plan owner back to pricing.
    await page.goto('/user/dashboard');
    await page.waitForURL('**/user/pricing');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('says "Wrong email or password" for a wrong password and for an unknown email alike', async () => {
    const { context, page } = await newPage(viewport);
    await page.goto('/sign-in');
    await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('Whatever-Pass-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong email or password.').waitFor();
    expect(page.url()).toContain('/sign-in');
    await context.close();
  });
});
