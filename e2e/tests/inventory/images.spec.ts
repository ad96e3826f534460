import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, closeBrowser, problemsOf, sidewaysScroll } from '../../fixtures/browser';
import { apiCall } from '../../fixtures/api';
import { ownerPage, paidOwner } from '../../fixtures/owners';

afterAll(closeBrowser);

// Two real PNGs (1×1, a red and a blue pixel): the server checks the bytes, the browser draws them.
const png = (idat: string) => Buffer.from(`89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de${idat}0000000049454e44ae426082`, 'hex');
const RED = png('0000000c49444154789c63f8cfc0000003010100c9fe92ef');
const BLUE = png('0000000c49444154789c636060f80f00010301000889c2ec');

describe.each(VIEWPORTS)("a product's images at $width px", (viewport) => {
  it('added in its dialog, the first the thumbnail the list shows; another picked as thumbnail; one removed after a question', async () => {
    const owner = await paidOwner(`product-images-${viewport.name}`, 'Rosa Jabón');
    const made = await apiCall<{ id: string }>('POST', 'apps/ecommerce/inventory/product', undefined, owner.token);
    await apiCall('PATCH', 'apps/ecommerce/inventory/product', { id: made.id, product: { name: 'Olive soap', active: true } }, owner.token);
    const { context, page } = await ownerPage(viewport, owner);

    await page.goto('/apps/ecommerce/inventory');
    await page.getByRole('button', { name: 'Edit Olive soap' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit product' });
    await dialog.getByText(/No images yet/).waitFor();
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: RED });
    const images = dialog.getByRole('list', { name: 'Images' });
    await images.getByRole('img', { name: 'Image 1' }).waitFor();
    await images.getByRole('button', { name: 'The thumbnail: Image 1' }).waitFor();
    await input.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: BLUE });
    await images.getByRole('img', { name: 'Image 2' }).waitFor();
    // Drawn: the server serves the bytes it kept.
    const second = images.getByRole('img', { name: 'Image 2' });
    await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1)).toBe(true);
    // An address signed for its owner (docs/product.md "Pictures"); compared by its path, the signature moving on each half hour.
    const blueSrc = await second.getAttribute('src');
    expect(blueSrc).toMatch(/^\/api\/apps\/ecommerce\/inventory\/images\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?u=[0-9a-f-]{36}&exp=\d+&sig=[\w-]+$/);
    const blueUrl = blueSrc!.split('?')[0]!;

    await images.getByRole('button', { name: 'Use as the thumbnail: Image 2' }).click();
    await images.getByRole('button', { name: 'The thumbnail: Image 2' }).waitFor();
    if (viewport.name === 'phone') expect(await sidewaysScroll(page)).toBe(0);

    // Removing the first asks first.
    await images.getByRole('button', { name: 'Remove the image: Image 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this image?' });
    await confirm.getByRole('button', { name: 'Remove the image' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => images.getByRole('img').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list shows the thumbnail picked.
    const thumb = page.locator(`img[src^="${blueUrl}?"]`).first();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1)).toBe(true);
    const product = await apiCall<{ images: string[]; thumbnail: string }>('GET', `apps/ecommerce/inventory/product?id=${made.id}`, undefined, owner.token);
    const bare = (url: string) => url.split('?')[0];
    expect({ images: product.images.map(bare), thumbnail: bare(product.thumbnail) }).toEqual({ images: [blueUrl], thumbnail: blueUrl });

    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
