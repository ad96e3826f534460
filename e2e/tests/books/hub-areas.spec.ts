import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

describe.each(VIEWPORTS)('finding every area at $width px', (viewport) => {
  it('the hub shows every area of "Your business" within the screen; the recurring list’s search placeholder fits its field', async () => {
    const owner = await paidOwner(`hub-areas-${viewport.name}`, 'Ana Lucero');
    const { context, page } = await ownerPage(viewport, owner);

    const business = page.getByRole('navigation', { name: 'Your business' });
    await business.getByRole('link').first().waitFor();
    // A phone shows the first areas and "12 more", which shows the rest in place (the hub stays within two screens until then).
    if (viewport.name === 'phone') {
      expect(await business.getByRole('link').filter({ visible: true }).count()).toBe(2);
      await business.getByRole('button', { name: '12 more' }).click();
    } else expect(await business.getByRole('button', { name: '12 more' }).isVisible()).toBe(false);
    const links = await business.getByRole('link').all();
    expect(links.length).toBeGreaterThanOrEqual(14);
    // Each link wholly inside the page's width: none hidden to the side of a strip.
    for (const link of links) {
      const box = (await link.boundingBox())!;
      expect(box.x, (await link.textContent()) ?? undefined).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, (await link.textContent()) ?? undefined).toBeLessThanOrEqual(viewport.width);
    }
    expect(await sidewaysScroll(page)).toBe(0);

    await page.goto('/user/recurring');
    const search = page.getByRole('searchbox').first();
    await search.waitFor();
    // The placeholder's text, in the field's own font, is no wider than the room the field gives it.
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: ctx.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
