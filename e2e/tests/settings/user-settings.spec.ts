import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, closeBrowser, newPage, problemsOf } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner, signInThroughPage } from '../../fixtures/owners';

afterAll(closeBrowser);

/** A real 8×8 PNG of one colour, made here so the test ships no binary. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [13, 148, 136]).flat()])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** On a desktop the sections are tabs; on a phone they are stacked. */
async function openSection(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  if (await tab.isVisible().catch(() => false)) await tab.click();
}

describe.each(VIEWPORTS)('usersettings at $width px', (viewport) => {
  it('keeps profile, avatar, status and preferences on the server; changes the password; lists and ends sessions', async () => {
    const owner = await paidOwner(`settings-${viewport.name}`, 'Carmen Vidal');

    const { context, page } = await ownerPage(viewport, owner);

    // Profile, from the user menu.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/usersettings**');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Carmen Vidal Soler');
    // On a phone every section is on the page, each with its own Save: this one is the profile's.
    await page
      .locator('form')
      .filter({ has: page.getByRole('textbox', { name: /^Name/ }) })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('Profile saved.').waitFor();

    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Picture saved.').waitFor();

    await page.getByRole('radio', { name: 'Busy' }).check();
    await page.getByText('Status set to Busy.').waitFor();

    const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
    const me = await apiCall<{ name: string; status: string; avatar: string | null }>('GET', 'common/user', undefined, token);
    expect(me).toMatchObject({ name: 'Carmen Vidal Soler', status: 'busy' });
    expect(me.avatar).toMatch(/^\/api\/avatars\//);
    const image = await fetch(new URL(me.avatar!, page.url()));
    expect(image.headers.get('content-type')).toBe('image/png');

    // Preferences apply at once and are kept on the server.
    await openSection(page, 'Preferences');
    await page.getByRole('button', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('radio', { name: 'Teal' }).click();
    await page.waitForFunction(() => document.body.classList.contains('theme-teal'));
    await page.getByRole('combobox', { name: /^Layout/ }).click();
    await page.getByRole('option', { name: 'Compact' }).click();
    await page.getByRole('combobox', { name: /^Language/ }).click();
    await page.getByRole('option', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
    await expect
      .poll(async () => (await apiCall<{ preferences: unknown }>('GET', 'common/user', undefined, token)).preferences, { timeout: 10_000 })
      .toEqual({
        language: 'es',
        scheme: 'dark',
        theme: 'theme-teal',
        layout: 'compact',
      });

    // On another device, signing in brings the preferences along.
    const other = await newPage(viewport);
    await signInThroughPage(other.page, owner.email, owner.password);
    await other.page.waitForURL('**/user/dashboard');
    await other.page.waitForFunction(
      () => document.documentElement.classList.contains('dark') && document.body.classList.contains('theme-teal') && document.documentElement.lang === 'es',
    );

    // Security: change the password (the other device is signed out), then end a session from the list.
    await openSection(page, 'Seguridad');
    await page.getByLabel('Contraseña actual').fill(owner.password);
    await page.getByLabel(/^Contraseña nueva/).fill('Gazpacho-Books-2026');
    await page.getByLabel(/^Repita la contraseña nueva/).fill('Gazpacho-Books-2026');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByText('Contraseña cambiada', { exact: false }).waitFor();
    await other.page.reload();
    await other.page.waitForURL('**/sign-in**');

    const third = await apiCall<{ accessToken: string }>('POST', 'auth/sign-in', { email: owner.email, password: 'Gazpacho-Books-2026' });
    await page.reload();
    await openSection(page, 'Seguridad');
    const endButtons = page.getByRole('button', { name: /^Cerrar sesión \(/ });
    await endButtons.first().waitFor();
    // This device's own entry is marked; the session from the API is the other one.
    await page.getByText('Este dispositivo').waitFor();
    await endButtons.last().click();
    await page.getByRole('dialog').getByRole('button').last().click();
    await expect
      .poll(async () => (await fetch(new URL('/api/common/user', page.url()), { headers: { authorization: `Bearer ${third.accessToken}` } })).status, {
        timeout: 10_000,
      })
      .toBe(401);
    expect((await fetch(new URL('/api/common/user', page.url()), { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    expect(problemsOf(page)).toEqual([]);
    await Promise.all([context.close(), other.context.close()]);
  });
});
