import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ZInventoryProduct,
  ZProductPage,
  ZAnnual,
  ZAttachment,
  ZAuditList,
  ZCategoryList,
  ZEntry,
  ZEntryBatchResult,
  ZEntryList,
  ZImportProfileList,
  ZJob,
  ZImportRule,
  ZImportRuleList,
  ZMonthSummary,
  ZOk,
  ZOnboarding,
  ZPnl,
  ZRecurring,
  ZRecurringList,
  ZProduct,
  ZProductList,
  ZProvider,
  ZProviderList,
  ZSubcategory,
  ZSubcategoryList,
  ZTaxMonth,
  ZTaxMonthList,
  ZTaxYearList,
  ZTrip,
  ZTripList,
  ZVehicle,
  ZVehicleList,
  ZVehicleMethod,
  ZWorker,
  ZWorkerList,
  type AuditEntity,
  type EntryBody,
  type EntryPatch,
  type ImportCommitBody,
  type ImportPreviewBody,
  type ImportRuleBody,
  type RecurringBody,
  type RecurringPatch,
  type RecurringRecordBody,
  type SubcategoryBody,
  type SubcategoryPatch,
  type TripBody,
  type TripPatch,
  type VehicleMethodBody,
} from '@cuadre/contracts';
import type { z } from 'zod/mini';
import { api } from '@/lib/api';

/** Every query of the books lives under this key: a write refreshes lists, totals and summaries at once. */
export const booksKeys = {
  all: ['books'] as const,
  entries: ['books', 'entries'] as const,
  trips: ['books', 'trips'] as const,
  registry: (name: string) => ['books', 'registry', name] as const,
  chart: ['books', 'chart'] as const,
  summary: ['books', 'summary'] as const,
  periods: ['books', 'periods'] as const,
  recurring: ['books', 'recurring'] as const,
};

export type ApiQuery = Record<string, string | number | boolean | undefined>;

export const entriesQuery = (query: ApiQuery) =>
  queryOptions({
    queryKey: [...booksKeys.entries, query],
    queryFn: ({ signal }) => api('entries', { query, schema: ZEntryList, signal }),
    placeholderData: keepPreviousData,
  });
export const entryQuery = (id: string) =>
  queryOptions({ queryKey: [...booksKeys.entries, 'one', id], queryFn: ({ signal }) => api(`entries/${id}`, { schema: ZEntry, signal }) });
export const createEntry = (body: EntryBody) => api('entries', { method: 'POST', body, schema: ZEntry });
export const createEntries = (entries: EntryBody[]) => api('entries/batch', { method: 'POST', body: { entries }, schema: ZEntryBatchResult });
export const updateEntry = (id: string, body: EntryPatch) => api(`entries/${id}`, { method: 'PATCH', body, schema: ZEntry });
export const deleteEntry = (id: string) => api(`entries/${id}`, { method: 'DELETE', schema: ZOk });
export const attachReceipt = (entryId: string, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api(`entries/${entryId}/attachments`, { method: 'POST', body: form, schema: ZAttachment });
};
export const deleteAttachment = (id: string) => api(`attachments/${id}`, { method: 'DELETE', schema: ZOk });

export const tripsQuery = (query: ApiQuery) =>
  queryOptions({
    queryKey: [...booksKeys.trips, query],
    queryFn: ({ signal }) => api('trips', { query, schema: ZTripList, signal }),
    placeholderData: keepPreviousData,
  });
export const createTrip = (body: TripBody) => api('trips', { method: 'POST', body, schema: ZTrip });
export const updateTrip = (id: string, body: TripPatch) => api(`trips/${id}`, { method: 'PATCH', body, schema: ZTrip });
export const deleteTrip = (id: string) => api(`trips/${id}`, { method: 'DELETE', schema: ZOk });

const REGISTRY_SCHEMAS = {
  workers: { list: ZWorkerList, one: ZWorker },
  providers: { list: ZProviderList, one: ZProvider },
  vehicles: { list: ZVehicleList, one: ZVehicle },
  products: { list: ZProductList, one: ZProduct },
} as const;
export type RegistryName = keyof typeof REGISTRY_SCHEMAS;
type RegistryLists = { [R in RegistryName]: z.infer<(typeof REGISTRY_SCHEMAS)[R]['list']> };

export const registryQuery = <R extends RegistryName>(name: R, query: ApiQuery) =>
  queryOptions({
    queryKey: [...booksKeys.registry(name), query],
    // One schema per registry; TypeScript cannot narrow the indexed schema's type by itself.
    queryFn: ({ signal }) => api(name, { query, schema: REGISTRY_SCHEMAS[name].list, signal }) as Promise<RegistryLists[R]>,
    placeholderData: keepPreviousData,
  });
/** Every active record of a registry, for the pickers of a form (a registry of a small business is short). */
export const activeRecordsQuery = <R extends RegistryName>(name: R) => registryQuery(name, { active: true, size: 50, sort: 'name', order: 'asc' });
export const saveRecord = (name: RegistryName, id: string | undefined, body: Record<string, unknown>) =>
  api(id ? `${name}/${id}` : name, { method: id ? 'PATCH' : 'POST', body, schema: REGISTRY_SCHEMAS[name].one });
export const deleteRecord = (name: RegistryName, id: string) => api(`${name}/${id}`, { method: 'DELETE', schema: ZOk });

/** The inventory products an income or a purchase may name (its stock moves with the entry): the first twenty by name matching `search`. */
export const stockItemsQuery = (search: string) =>
  queryOptions({
    queryKey: [...booksKeys.all, 'stock-items', search],
    queryFn: ({ signal }) =>
      // The first page is page 0, sent always: left out, the API's page is 1, its second.
      api('apps/ecommerce/inventory/products', { query: { page: 0, size: 20, sort: 'name', order: 'asc', search }, schema: ZProductPage, signal }),
  });
/** One inventory product by its id (the one an entry names). */
export const stockItemQuery = (id: string) =>
  queryOptions({
    queryKey: [...booksKeys.all, 'stock-item', id],
    queryFn: ({ signal }) => api('apps/ecommerce/inventory/product', { query: { id }, schema: ZInventoryProduct, signal }),
  });

export const categoriesQuery = queryOptions({
  queryKey: [...booksKeys.chart, 'categories'],
  queryFn: ({ signal }) => api('categories', { query: { size: 100 }, schema: ZCategoryList, signal }),
  staleTime: 5 * 60_000,
});
export const subcategoriesQuery = (query: ApiQuery = { size: 500 }) =>
  queryOptions({
    queryKey: [...booksKeys.chart, 'subcategories', query],
    queryFn: ({ signal }) => api('subcategories', { query, schema: ZSubcategoryList, signal }),
    placeholderData: keepPreviousData,
  });
export const createSubcategory = (body: SubcategoryBody) => api('subcategories', { method: 'POST', body, schema: ZSubcategory });
export const updateSubcategory = (id: string, body: SubcategoryPatch) => api(`subcategories/${id}`, { method: 'PATCH', body, schema: ZSubcategory });
export const deleteSubcategory = (id: string) => api(`subcategories/${id}`, { method: 'DELETE', schema: ZOk });

export const monthSummaryQuery = (year: number, month: number) =>
  queryOptions({
    queryKey: [...booksKeys.summary, year, month],
    queryFn: ({ signal }) => api('reports/month-summary', { query: { year, month }, schema: ZMonthSummary, signal }),
    placeholderData: keepPreviousData,
  });
export const monthsQuery = (year: number) =>
  queryOptions({ queryKey: [...booksKeys.periods, year], queryFn: ({ signal }) => api(`tax-years/${year}/months`, { schema: ZTaxMonthList, signal }) });
export const setMonthStatus = (year: number, month: number, action: 'close' | 'reopen') =>
  api(`tax-years/${year}/months/${month}/${action}`, { method: 'POST', schema: ZTaxMonth });

/**
 * The hub's first-run checklist. Read again on each visit (no staleTime): a step done elsewhere (the
 * business named in the settings, a vehicle in its registry) ticks when the owner comes back.
 */
export const onboardingQuery = queryOptions({
  queryKey: ['books', 'onboarding'],
  queryFn: ({ signal }) => api('onboarding', { schema: ZOnboarding, signal }),
  staleTime: 0,
});

export const auditQuery = (entity: AuditEntity, id: string) =>
  queryOptions({ queryKey: ['books', 'audit', entity, id], queryFn: ({ signal }) => api('audit', { query: { entity, id }, schema: ZAuditList, signal }) });

export const taxYearsQuery = queryOptions({
  queryKey: [...booksKeys.periods, 'years'],
  queryFn: ({ signal }) => api('tax-years', { schema: ZTaxYearList, signal }),
});
export const pnlQuery = (year: number, month?: number) =>
  queryOptions({
    queryKey: [...booksKeys.summary, 'pnl', year, month ?? null],
    queryFn: ({ signal }) => api('reports/pnl', { query: { year, month }, schema: ZPnl, signal }),
    placeholderData: keepPreviousData,
  });
export const annualQuery = (year: number) =>
  queryOptions({
    queryKey: [...booksKeys.summary, 'annual', year],
    queryFn: ({ signal }) => api('reports/annual', { query: { year }, schema: ZAnnual, signal }),
    placeholderData: keepPreviousData,
  });

export const importProfilesQuery = queryOptions({
  queryKey: [...booksKeys.all, 'import', 'profiles'],
  queryFn: ({ signal }) => api('entries/import/profiles', { schema: ZImportProfileList, signal }),
});
export const importRulesQuery = queryOptions({
  queryKey: [...booksKeys.all, 'import', 'rules'],
  queryFn: ({ signal }) => api('entries/import/rules', { schema: ZImportRuleList, signal }),
});
/** The preview and the commit run as jobs (their results are read back by the job's id; see lib/jobs). */
export const startImportPreview = (body: ImportPreviewBody) => api('jobs/import-preview', { method: 'POST', body, schema: ZJob });
export const startImportCommit = (body: ImportCommitBody) => api('jobs/import-commit', { method: 'POST', body, schema: ZJob });
export const addImportRule = (body: ImportRuleBody) => api('entries/import/rules', { method: 'POST', body, schema: ZImportRule });
export const deleteImportRule = (id: string) => api(`entries/import/rules/${id}`, { method: 'DELETE', schema: ZOk });

// Recurring entries (issue 32).
export const recurringQuery = (query: ApiQuery) =>
  queryOptions({
    queryKey: [...booksKeys.recurring, query],
    queryFn: ({ signal }) => api('recurring', { query, schema: ZRecurringList, signal }),
    placeholderData: keepPreviousData,
  });
export const createRecurring = (body: RecurringBody) => api('recurring', { method: 'POST', body, schema: ZRecurring });
export const updateRecurring = (id: string, body: RecurringPatch) => api(`recurring/${id}`, { method: 'PATCH', body, schema: ZRecurring });
export const deleteRecurring = (id: string) => api(`recurring/${id}`, { method: 'DELETE', schema: ZOk });
export const recordRecurring = (id: string, body: RecurringRecordBody) => api(`recurring/${id}/record`, { method: 'POST', body, schema: ZEntry });

/** A vehicle's method for a tax year (docs/product.md, "Vehicle methods"): standard mileage unless chosen. */
export const vehicleMethodQuery = (vehicleId: string, year: number) =>
  queryOptions({
    queryKey: [...booksKeys.registry('vehicles'), vehicleId, 'method', year],
    queryFn: ({ signal }) => api(`vehicles/${vehicleId}/methods/${year}`, { schema: ZVehicleMethod, signal }),
  });
export const saveVehicleMethod = (vehicleId: string, year: number, body: VehicleMethodBody) =>
  api(`vehicles/${vehicleId}/methods/${year}`, { method: 'PUT', body, schema: ZVehicleMethod });
