import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf } from '../../fixtures/browser';
import { adminPage } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('the shell at $width px', (viewport) => {
  it('shows a page that does not exist inside the shell, names every page in the tab, and says so while offline without losing what was typed', async () => {
    const { context, page } = await adminPage(viewport);
    await expect.poll(() => page.title()).toBe('Dashboard · Cuadre');

    // A route that is not built: its 404 inside the shell, with the navigation and the top bar.
    await page.goto('/reports/not-yet');
    await page.getByRole('heading', { name: '404', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found · Cuadre');
    expect(await page.getByRole('main').getByText('Page not found').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Account menu/ }).isVisible()).toBe(true);
    // The navigation: at the side on a wide screen, behind its toggle on a phone.
    if (viewport.name === 'desktop') expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    else {
      await page.getByRole('button', { name: 'Show or hide the navigation' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      await page.keyboard.press('Escape');
    }

    // Offline: a banner, and the page with what was typed stays.
    await page.goto('/users');
    await expect.poll(() => page.title()).toBe('Users · Cuadre');
    const search = page.getByLabel('Search users by name or email');
    await search.fill('someone typed this');
    await context.setOffline(true);
    await page.getByText('You are offline', { exact: false }).waitFor();
    expect(await search.inputValue()).toBe('someone typed this');
    await context.setOffline(false);
    await page.getByText('You are offline', { exact: false }).waitFor({ state: 'hidden' });
    expect(await search.inputValue()).toBe('someone typed this');

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
