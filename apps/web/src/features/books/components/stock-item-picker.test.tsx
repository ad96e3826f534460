import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json } from '../test/fake-server';
import { renderApp } from '@/test/render';
import { StockItemPicker } from './stock-item-picker';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const product = (id: string, name: string) => ({
  id,
  category: null,
  name,
  description: '',
  tags: [],
  sku: '',
  barcode: '',
  brand: null,
  vendor: null,
  stock: 5,
  reserved: 0,
  cost: 100,
  basePrice: 200,
  taxPercent: 8.25,
  price: 217,
  weight: 1,
  thumbnail: null,
  images: [],
  active: true,
});
const pageOf = (items: ReturnType<typeof product>[]) => ({
  products: items,
  pagination: { length: items.length, size: 20, page: 0, lastPage: 1, startIndex: 0, endIndex: items.length - 1 },
});
const ALL = [product('p-flour', 'Flour 25 kg'), product('p-sugar', 'Sugar 5 kg'), product('p-vanilla', 'Vanilla extract')];

describe('the inventory product an entry names', () => {
  it('searches the owner’s products on the server as one types, and picks one', async () => {
    const server = fakeServer((req) => {
      if (!req.path.startsWith('/api/apps/ecommerce/inventory/products')) return undefined;
      const search = new URL(req.path, 'http://localhost').searchParams.get('search') ?? '';
      return json(pageOf(ALL.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()))));
    });
    const onChange = vi.fn();
    renderApp(<StockItemPicker value="" onChange={onChange} label="Inventory product" helperText="Adds to its stock" />);
    const box = screen.getByRole('combobox', { name: 'Inventory product' });
    await userEvent.type(box, 'sug');
    await waitFor(() => expect(server.sent.some((r) => r.path.includes('search=sug'))).toBe(true));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sugar 5 kg']));
    await userEvent.click(screen.getByRole('option', { name: 'Sugar 5 kg' }));
    expect(onChange).toHaveBeenCalledWith('p-sugar');
    // The first page asked for by its index: without `page` the API answers its second page.
    const asked = server.sent.filter((r) => r.path.startsWith('/api/apps/ecommerce/inventory/products'));
    expect(asked.map((r) => new URL(r.path, 'http://localhost').searchParams.get('page'))).toEqual(asked.map(() => '0'));
  });

  it('shows the name of the product an entry already names, read by its id when not among the first found', async () => {
    fakeServer((req) => {
      if (req.path.startsWith('/api/apps/ecommerce/inventory/products')) return json(pageOf(ALL.slice(0, 1)));
      if (req.path === '/api/apps/ecommerce/inventory/product?id=p-vanilla') return json(ALL[2]);
      return undefined;
    });
    renderApp(<StockItemPicker value="p-vanilla" onChange={() => undefined} label="Inventory product" helperText="" />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Inventory product' })).toHaveValue('Vanilla extract'));
  });
});
