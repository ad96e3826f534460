import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ZCategory,
  ZCategoryList,
  ZMileageRate,
  ZMileageRateList,
  ZOk,
  ZSubcategory,
  ZSubcategoryList,
  ZTaxRule,
  ZTaxRuleList,
  type CategoryBody,
  type CategoryPatch,
  type MileageRateBody,
  type SubcategoryBody,
  type SubcategoryPatch,
  type TaxRuleBody,
} from '@cuadre/contracts';
import { api } from '@/lib/api';

/** The shared chart as administrators keep it; one key, so a change refreshes every view of it. */
export const chartKeys = { all: ['admin', 'chart'] as const };
type Query = Record<string, string | number | boolean | undefined>;

export const adminCategoriesQuery = (query: Query) =>
  queryOptions({
    queryKey: [...chartKeys.all, 'categories', query],
    queryFn: ({ signal }) => api('admin/categories', { query, schema: ZCategoryList, signal }),
    placeholderData: keepPreviousData,
  });
export const saveCategory = (id: string | undefined, body: CategoryBody | CategoryPatch) =>
  api(id ? `admin/categories/${id}` : 'admin/categories', { method: id ? 'PATCH' : 'POST', body, schema: ZCategory });
export const deleteCategory = (id: string) => api(`admin/categories/${id}`, { method: 'DELETE', schema: ZOk });
export const reorderCategories = (ids: string[]) => api('admin/categories/reorder', { method: 'POST', body: { ids }, schema: ZCategoryList });

export const adminSubcategoriesQuery = (query: Query) =>
  queryOptions({
    queryKey: [...chartKeys.all, 'subcategories', query],
    queryFn: ({ signal }) => api('admin/subcategories', { query, schema: ZSubcategoryList, signal }),
    placeholderData: keepPreviousData,
  });
export const saveSharedSubcategory = (id: string | undefined, body: SubcategoryBody | SubcategoryPatch) =>
  api(id ? `admin/subcategories/${id}` : 'admin/subcategories', { method: id ? 'PATCH' : 'POST', body, schema: ZSubcategory });
export const deleteSharedSubcategory = (id: string) => api(`admin/subcategories/${id}`, { method: 'DELETE', schema: ZOk });

export const mileageRatesQuery = queryOptions({
  queryKey: [...chartKeys.all, 'rates'],
  queryFn: ({ signal }) => api('admin/mileage-rates', { schema: ZMileageRateList, signal }),
});
export const saveMileageRate = (id: string | undefined, body: MileageRateBody) =>
  api(id ? `admin/mileage-rates/${id}` : 'admin/mileage-rates', { method: id ? 'PATCH' : 'POST', body, schema: ZMileageRate });
export const deleteMileageRate = (id: string) => api(`admin/mileage-rates/${id}`, { method: 'DELETE', schema: ZOk });

export const taxRulesQuery = queryOptions({
  queryKey: [...chartKeys.all, 'tax-rules'],
  queryFn: ({ signal }) => api('admin/tax-rules', { schema: ZTaxRuleList, signal }),
  // One row a year: a single page for the list kit.
  select: (d) => ({ items: d.items, pagination: { page: 1, size: Math.max(10, d.items.length), total: d.items.length, lastPage: 1 } }),
});
export const saveTaxRule = (year: number, body: TaxRuleBody) => api(`admin/tax-rules/${year}`, { method: 'PUT', body, schema: ZTaxRule });
export const deleteTaxRule = (year: number) => api(`admin/tax-rules/${year}`, { method: 'DELETE', schema: ZOk });
