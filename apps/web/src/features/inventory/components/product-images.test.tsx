import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryProduct } from '@cuadre/contracts';
import { setScreenWide } from '@/test/screen';
import { renderApp } from '@/test/render';
import { ProductImages } from './product-images';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const IMG = (n: number) => `/api/apps/ecommerce/inventory/images/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/0000000${n}-0000-4000-8000-000000000000`;
const soap: InventoryProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  category: null,
  name: 'Olive soap',
  description: '',
  tags: [],
  sku: '',
  barcode: '',
  brand: null,
  vendor: null,
  stock: 0,
  reserved: 0,
  cost: 0,
  basePrice: 0,
  taxPercent: 0,
  price: 0,
  weight: 0,
  thumbnail: null,
  images: [],
  active: true,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The product's image calls, answered in memory like the server: an upload appends (and is the thumbnail when none), a PATCH merges. */
function imagesServer() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let product = { ...soap };
  let uploads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      sent.push({ method, path: url.pathname, body });
      if (method === 'POST' && url.pathname.endsWith('/product/image')) {
        const form = body as FormData;
        if (form.get('id') !== soap.id || !(form.get('image') instanceof File)) return json({ statusCode: 400, code: 'VALIDATION', message: 'bad' }, 400);
        const added = IMG(++uploads);
        product = { ...product, images: [...product.images, added], thumbnail: product.thumbnail ?? added };
        return json(product);
      }
      if (method === 'PATCH' && url.pathname.endsWith('/product')) {
        product = { ...product, ...(body as { product: Partial<InventoryProduct> }).product };
        return json(product);
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'no fake' }, 404);
    }),
  );
  return sent;
}

describe("a product's images", () => {
  it('says what to do when there are none, adds two (the first the thumbnail), picks the other as thumbnail, removes one after a question', async () => {
    const sent = imagesServer();
    renderApp(<ProductImages product={soap} />);
    const user = userEvent.setup();
    expect(screen.getByText(/No images yet/)).toBeInTheDocument();
    const file = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, file('a.png'));
    await screen.findByRole('img', { name: 'Image 1' });
    await user.upload(input, file('b.png'));
    const list = await screen.findByRole('list', { name: 'Images' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('img')
          .map((i) => i.getAttribute('src')),
      ).toEqual([IMG(1), IMG(2)]),
    );
    expect(within(list).getByRole('button', { name: 'The thumbnail: Image 1' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(list).getByRole('button', { name: 'Use as the thumbnail: Image 2' }));
    await waitFor(() => expect(within(list).getByRole('button', { name: 'The thumbnail: Image 2' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(list).getByRole('button', { name: 'Use as the thumbnail: Image 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { id: soap.id, product: { thumbnail: IMG(2) } } });

    // Removing the thumbnail's image asks first, then the next image takes its place.
    await user.click(within(list).getByRole('button', { name: 'Remove the image: Image 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this image?' });
    const before = sent.length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.length).toBe(before);
    // The page is hidden from assistive technology until the dialog has gone.
    await user.click(await within(list).findByRole('button', { name: 'Remove the image: Image 2' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this image?' })).getByRole('button', { name: 'Remove the image' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { product: { images: [IMG(1)], thumbnail: IMG(1) } } }));
    await waitFor(() => expect(within(list).getAllByRole('img')).toHaveLength(1));
  });

  it('refuses an image over the size limit before sending it', async () => {
    const sent = imagesServer();
    renderApp(<ProductImages product={soap} />);
    const user = userEvent.setup();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, big);
    expect(await screen.findByText('The image is larger than 5 MB')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
