import { DEFAULT_PREFERENCES, type Entry } from '@cuadre/contracts';

/** A request the component sent, as the fake server saw it. */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (req: Sent) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) => json({ statusCode: status, code, message }, status);
const page = (items: unknown[]) => ({ items, pagination: { page: 1, size: 50, total: items.length, lastPage: 1 } });
const AT = '2026-03-01T10:00:00.000Z';

export const CATEGORIES = [
  { id: 'c-sales', name: 'Sales', kind: 'income', taxLine: 'Line 1', sortOrder: 1, active: true, translated: true, createdAt: AT },
  { id: 'c-office', name: 'Office expenses', kind: 'expense', taxLine: 'Line 18', sortOrder: 2, active: true, translated: true, createdAt: AT },
];

export function entryOf(over: Partial<Entry> = {}): Entry {
  return {
    id: 'e-1',
    type: 'expense',
    date: '2026-03-05',
    amount: 4599,
    categoryId: 'c-office',
    categoryName: 'Office expenses',
    subcategoryId: null,
    subcategoryName: null,
    paymentMethod: 'card',
    reference: null,
    description: null,
    workerId: null,
    workerName: null,
    providerId: null,
    providerName: null,
    productId: null,
    productName: null,
    contactId: null,
    contactName: null,
    vehicleId: null,
    vehicleName: null,
    quantity: null,
    unitCost: null,
    hours: null,
    inventoryProductId: null,
    attachments: [],
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

/**
 * Stands in for the server: `handler` answers what a test is about (return undefined to fall through),
 * the chart and empty registries answer the rest. Every request is recorded in `sent`.
 */
export function fakeServer(handler: Handler = () => undefined) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined;
    const req = { method, path: url.pathname + url.search, body };
    sent.push(req);
    const answer = await handler(req);
    if (answer) return answer;
    if (url.pathname === '/api/categories') return json(page(CATEGORIES));
    if (url.pathname === '/api/subcategories') return json(page([]));
    if (/^\/api\/(workers|providers|vehicles|products)$/.test(url.pathname)) return json(page([]));
    if (url.pathname === '/api/settings')
      return json({ business: { name: null, taxId: null, address: null, currency: 'USD' }, preferences: DEFAULT_PREFERENCES });
    if (url.pathname === '/api/entries' && method === 'GET')
      return json({ items: [], pagination: { page: 1, size: 10, total: 0, lastPage: 1 }, totals: { amount: 0, count: 0 } });
    return apiError(404, 'NOT_FOUND', `No fake for ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, posts: (path: string | RegExp) => sent.filter((r) => r.method !== 'GET' && (typeof path === 'string' ? r.path === path : path.test(r.path))) };
}
export { page as listPage };
