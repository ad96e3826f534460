import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GOOD_PASSWORD, tokenFromMail, uniqueEmail, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signUp = (email: string, language?: string) =>
  t.api('POST', '/api/auth/sign-up', { body: { name: 'Elif Kaya', email, password: GOOD_PASSWORD, agreements: true, ...(language ? { language } : {}) } });

describe("the account's language", () => {
  it('is the one chosen before sign-up, and the confirmation mail is written in it', async () => {
    for (const [language, subject, greeting] of [
      ['es', 'Confirme su dirección de correo para Cuadre', 'Hola, Elif Kaya:'],
      ['tr', 'Cuadre için e-posta adresinizi doğrulayın', 'Merhaba Elif Kaya,'],
      ['en', 'Confirm your email address for Cuadre', 'Hello Elif Kaya,'],
    ] as const) {
      const email = uniqueEmail(`lang-${language}`);
      expectOk(await signUp(email, language));
      const mail = await t.lastMailTo(email);
      expect(mail.subject).toBe(subject);
      expect(mail.text.startsWith(greeting)).toBe(true);
      expectOk(await t.api('POST', '/api/auth/confirm-email', { body: { token: tokenFromMail(mail, '/confirm-email') } }));
      const signedIn = expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email, password: GOOD_PASSWORD } }));
      expect(signedIn.user.preferences.language).toBe(language);
    }
  });

  it('becomes the one chosen before sign-in, and the reset mail follows it', async () => {
    const { owner } = await t.ownerToken();
    const res = expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password, language: 'tr' } }));
    expect(res.user.preferences.language).toBe('tr');
    expect(expectOk(await t.api('GET', '/api/common/user', { token: res.accessToken })).preferences.language).toBe('tr');
    // A sign-in that names no language leaves the account's as it is.
    const again = expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }));
    expect(again.user.preferences.language).toBe('tr');

    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const mail = await t.lastMailTo(owner.email);
    expect(mail.subject).toBe('Cuadre parolanızı sıfırlayın');
  });

  it("mails an address that already has an account in that account's language", async () => {
    const email = uniqueEmail('lang-taken');
    expectOk(await signUp(email, 'es'));
    expectOk(await signUp(email, 'en'));
    const mails = await t.mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirme su dirección de correo para Cuadre', 'Ya tiene una cuenta de Cuadre']);
  });

  it('refuses a language Cuadre does not speak, and a wrong password changes nothing', async () => {
    const email = uniqueEmail('lang-bad');
    expectError(await signUp(email, 'fr'), 400, 'VALIDATION', { paths: ['language'] });
    const { owner } = await t.ownerToken();
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password, language: 'de' } }), 400, 'VALIDATION', {
      paths: ['language'],
    });
    expectError(
      await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: 'Wrong-Password-99', language: 'es' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    const res = expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }));
    expect(res.user.preferences.language).toBe('en');
  });
});
