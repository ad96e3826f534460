import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES, type InventoryProduct } from '@cuadre/contracts';
import { setScreenWide } from '@/test/screen';
import { renderApp } from '@/test/render';
import { ProductFormDialog } from './product-form-dialog';
import { toFormValues, toProductFields } from './product-form';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const flour: InventoryProduct = {
  id: '11111111-1111-4111-8111-111111111111',
  category: null,
  name: 'Flour 25 kg',
  description: '',
  tags: [],
  sku: 'FL-25',
  barcode: '',
  brand: null,
  vendor: null,
  stock: 12,
  reserved: 2,
  cost: 1850,
  basePrice: 2999,
  taxPercent: 8.25,
  price: 3246,
  weight: 25,
  thumbnail: null,
  images: [],
  active: true,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The inventory's calls, answered in memory; every request recorded. */
function inventoryServer(opts: { movements?: unknown[] } = {}) {
  const sent: Sent[] = [];
  const lists: Record<string, { id: string; name?: string; title?: string; slug?: string; parentId?: null }[]> = {
    categories: [],
    brands: [],
    vendors: [],
    tags: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path: url.pathname + url.search, body });
      const p = url.pathname.replace('/api/apps/ecommerce/inventory/', '');
      if (url.pathname === '/api/settings')
        return json({ business: { name: null, taxId: null, address: null, currency: 'USD' }, preferences: DEFAULT_PREFERENCES });
      if (method === 'GET' && p in lists) return json(lists[p]);
      if (method === 'POST' && p === 'brand') {
        const made = { id: '22222222-2222-4222-8222-222222222222', name: (body as { brand: { name: string } }).brand.name, slug: 'x' };
        lists.brands!.push(made);
        return json(made);
      }
      if (method === 'POST' && p === 'product') return json({ ...flour, id: '33333333-3333-4333-8333-333333333333', name: 'A New Product', active: false });
      if (method === 'PATCH' && p === 'product') {
        const b = body as { id: string; product: Partial<InventoryProduct> };
        if ((b.product.reserved ?? 0) > (b.product.stock ?? 0))
          return json(
            {
              statusCode: 400,
              code: 'VALIDATION',
              message: 'The product is not valid',
              details: [{ path: 'product.reserved', message: 'Reserved cannot be more than the stock' }],
            },
            400,
          );
        return json({
          ...flour,
          ...b.product,
          taxPercent: Number(b.product.taxPercent ?? flour.taxPercent),
          weight: Number(b.product.weight ?? flour.weight),
          id: b.id,
        });
      }
      if (method === 'GET' && p === 'product/movements') return json({ items: opts.movements ?? [] });
      return json({ statusCode: 404, code: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` }, 404);
    }),
  );
  return sent;
}

describe('the product form', () => {
  it('turns the typed values into the API fields: cents, whole units, exact tax text', () => {
    const v = { ...toFormValues(), name: ' Sugar ', stock: '40', reserved: '5', cost: '12.50', basePrice: '1,234.56', taxPercent: '18,25', weight: '2.5' };
    expect(toProductFields(v)).toEqual({
      name: 'Sugar',
      description: '',
      sku: '',
      barcode: '',
      category: null,
      brand: null,
      vendor: null,
      tags: [],
      stock: 40,
      reserved: 5,
      cost: 1250,
      basePrice: 123456,
      taxPercent: '18.25',
      weight: '2.5',
      active: true,
    });
    expect(toFormValues(flour)).toMatchObject({ cost: '18.50', basePrice: '29.99', taxPercent: '8.25', stock: '12', reserved: '2' });
  });

  it('makes a new product through POST then PATCH, with the price previewed with its tax', async () => {
    const sent = inventoryServer();
    const onSaved = vi.fn();
    renderApp(<ProductFormDialog open onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Sugar 1 kg');
    await userEvent.clear(within(dialog).getByLabelText('Stock'));
    await userEvent.type(within(dialog).getByLabelText('Stock'), '30');
    await userEvent.type(within(dialog).getByLabelText('Base price (USD)'), '100');
    await userEvent.type(within(dialog).getByLabelText('Tax %'), '8.25');
    expect(within(dialog).getByText('$108.25')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = sent.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/apps/ecommerce/inventory/product', 'PATCH /api/apps/ecommerce/inventory/product']);
    expect(writes[1]!.body).toMatchObject({
      id: '33333333-3333-4333-8333-333333333333',
      product: { name: 'Sugar 1 kg', stock: 30, reserved: 0, basePrice: 10000, taxPercent: '8.25', active: true },
    });
  });

  it('refuses reserved above the stock before sending anything', async () => {
    const sent = inventoryServer();
    renderApp(<ProductFormDialog open product={flour} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const reserved = within(dialog).getByLabelText('Reserved');
    await userEvent.clear(reserved);
    await userEvent.type(reserved, '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Reserved cannot be more than the stock')).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('adds a brand from the form and chooses it', async () => {
    const sent = inventoryServer();
    renderApp(<ProductFormDialog open product={flour} onClose={() => undefined} onSaved={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Edit product' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a brand' }));
    const add = await screen.findByRole('dialog', { name: 'Add a brand' });
    await userEvent.type(within(add).getByLabelText(/^Name/), 'Molinos');
    await userEvent.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a brand' })).not.toBeInTheDocument());
    const form = await screen.findByRole('dialog', { name: 'Edit product' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toMatchObject({ product: { brand: '22222222-2222-4222-8222-222222222222' } });
  });

  it('shows the stock the books moved, each linking to its entry', async () => {
    inventoryServer({
      movements: [
        { id: 'm-2', entryId: '44444444-4444-4444-8444-444444444444', entryType: 'income', date: '2026-05-06', quantity: -3 },
        { id: 'm-1', entryId: '55555555-5555-4555-8555-555555555555', entryType: 'purchase', date: '2026-05-04', quantity: 10 },
      ],
    });
    renderApp(<ProductFormDialog open product={flour} onClose={() => undefined} onSaved={() => undefined} />);
    const sale = await screen.findByRole('link', { name: 'Sale of May 6, 2026' });
    expect(sale).toHaveAttribute('href', '/user/dailyincome?year=2026&month=5&entry=44444444-4444-4444-8444-444444444444');
    expect(screen.getByRole('link', { name: 'Purchase of May 4, 2026' })).toHaveAttribute(
      'href',
      '/user/dailypurchasedproducts?year=2026&month=5&entry=55555555-5555-4555-8555-555555555555',
    );
    expect(screen.getByText('-3 units')).toBeInTheDocument();
    expect(screen.getByText('+10 units')).toBeInTheDocument();
  });
});
