import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  ZInventoryBrand,
  ZInventoryCategory,
  ZInventoryProduct,
  ZInventoryTag,
  ZProductPage,
  ZStockMovementList,
  type InventorySort,
  type Pagination,
  type InventoryProduct,
  type ProductFields,
  type ProductPage,
} from '@cuadre/contracts';
import { api } from '@/lib/api';

const BASE = 'apps/ecommerce/inventory';
const ZTrue = z.literal(true);

export const inventoryKeys = {
  all: ['inventory'] as const,
  products: ['inventory', 'products'] as const,
  lists: ['inventory', 'lists'] as const,
  movements: (id: string) => ['inventory', 'movements', id] as const,
};

/** What the list asks, with the page as the address counts it (from 1). */
export interface ProductListQuery {
  search?: string;
  sort: InventorySort;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

/**
 * The API's page as the list kit reads it: the API counts pages from 0 in its slicing, the address
 * from 1; past the end it answers no products and only `lastPage`, which the kit then goes to.
 */
export function toListPage(answer: ProductPage, q: ProductListQuery): { items: InventoryProduct[]; pagination: Pagination } {
  const p = answer.pagination;
  return {
    items: answer.products ?? [],
    pagination: { page: q.page, size: q.size, total: 'length' in p ? p.length : 0, lastPage: p.lastPage },
  };
}

export const productsQuery = (q: ProductListQuery) =>
  queryOptions({
    queryKey: [...inventoryKeys.products, q],
    // `page` is always sent: the API's default is 1, its second page (docs/product.md "The supporting areas", the inventory).
    queryFn: ({ signal }) => api(`${BASE}/products`, { query: { ...q, page: q.page - 1 }, schema: ZProductPage, signal }),
    select: (answer) => toListPage(answer, q),
    placeholderData: keepPreviousData,
  });

export const categoriesQuery = queryOptions({
  queryKey: [...inventoryKeys.lists, 'categories'],
  queryFn: ({ signal }) => api(`${BASE}/categories`, { schema: z.array(ZInventoryCategory), signal }),
});
export const brandsQuery = queryOptions({
  queryKey: [...inventoryKeys.lists, 'brands'],
  queryFn: ({ signal }) => api(`${BASE}/brands`, { schema: z.array(ZInventoryBrand), signal }),
});
export const vendorsQuery = queryOptions({
  queryKey: [...inventoryKeys.lists, 'vendors'],
  queryFn: ({ signal }) => api(`${BASE}/vendors`, { schema: z.array(ZInventoryBrand), signal }),
});
export const tagsQuery = queryOptions({
  queryKey: [...inventoryKeys.lists, 'tags'],
  queryFn: ({ signal }) => api(`${BASE}/tags`, { schema: z.array(ZInventoryTag), signal }),
});
export const movementsQuery = (id: string) =>
  queryOptions({
    queryKey: inventoryKeys.movements(id),
    queryFn: ({ signal }) => api(`${BASE}/product/movements`, { query: { id }, schema: ZStockMovementList, signal }),
  });

export const updateProduct = (id: string, product: ProductFields) =>
  api(`${BASE}/product`, { method: 'PATCH', body: { id, product }, schema: ZInventoryProduct });
/** Adds an image to the product (the server checks its bytes and keeps it; the first becomes the thumbnail). */
export function uploadProductImage(id: string, file: File) {
  const form = new FormData();
  form.append('id', id);
  form.append('image', file);
  return api(`${BASE}/product/image`, { method: 'POST', body: form, schema: ZInventoryProduct });
}

export const deleteProduct = (id: string) => api(`${BASE}/product`, { method: 'DELETE', query: { id }, schema: ZTrue });

/**
 * A new product as the API makes one ("A New Product", inactive), then given the form's fields. If
 * the fields are refused, the new product goes again, so a failed save leaves nothing behind.
 */
export async function createProduct(product: ProductFields): Promise<InventoryProduct> {
  const made = await api(`${BASE}/product`, { method: 'POST', schema: ZInventoryProduct });
  try {
    return await updateProduct(made.id, product);
  } catch (err) {
    await deleteProduct(made.id).catch(() => undefined);
    throw err;
  }
}

export type ListKind = 'category' | 'brand' | 'vendor' | 'tag';
/** Adds a category, brand, vendor (by name) or tag (by title); answers its id. */
export async function addToList(kind: ListKind, name: string): Promise<string> {
  const body = kind === 'tag' ? { tag: { title: name } } : { [kind]: { name } };
  const schema = kind === 'tag' ? ZInventoryTag : kind === 'category' ? ZInventoryCategory : ZInventoryBrand;
  const made = (await api(`${BASE}/${kind}`, { method: 'POST', body, schema })) as { id: string };
  return made.id;
}

/** Deletes a category, brand, vendor or tag (a tag leaves every product that had it). */
export const removeFromList = (kind: ListKind, id: string) => api(`${BASE}/${kind}`, { method: 'DELETE', query: { id }, schema: ZTrue });
