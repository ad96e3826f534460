import { z } from 'zod/mini';
import { ZPageQuery, listOf } from '../common/pagination.js';
import { ZLineCents } from '../common/money.js';
import { EMAIL_PATTERN, text, ZUuid } from '../common/text.js';
import { decimal, optionalText, requiredText, ZQueryBool } from './numbers.js';

export const REGISTRIES = ['workers', 'providers', 'vehicles', 'products'] as const;
export type Registry = (typeof REGISTRIES)[number];

const ZOptionalEmail = z.optional(
  z.nullable(
    text(
      254,
      z.trim(),
      z.toLowerCase(),
      z.refine((s) => s === '' || EMAIL_PATTERN.test(s), 'Not a valid email address'),
    ),
  ),
);
const ZTaxId = optionalText(40);
const ZPhone = z.optional(z.nullable(text(40, z.trim(), z.regex(/^[0-9+()\-. ]*$/, 'Use digits, spaces and + ( ) - . only'))));

/** A registry list: search, sort by a column, page, and active or not. */
export const registryQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z.extend(ZPageQuery, {
    search: z.optional(text(120, z.trim())),
    active: z.optional(ZQueryBool),
    sort: z._default(z.enum(sorts), sorts[0]),
  });

/** A tax id as lists and forms show it: only its last four characters. */
export function maskTaxId(taxId: string | null): string | null {
  if (!taxId) return null;
  const tail = taxId.replace(/[^0-9A-Za-z]/g, '').slice(-4);
  return `•••• ${tail}`;
}

// Workers (Trabajadores)
export const WORKER_KINDS = ['employee', 'contractor'] as const;
export const PAY_UNITS = ['hour', 'day', 'week', 'month', 'job'] as const;
export const ZWorker = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(WORKER_KINDS),
  /** Masked: "•••• 6789". The full number is never sent back. */
  taxIdMasked: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  payRate: z.nullable(z.int()),
  payUnit: z.nullable(z.enum(PAY_UNITS)),
  active: z.boolean(),
  notes: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Worker = z.infer<typeof ZWorker>;
export const ZWorkerList = listOf(ZWorker);
export const WORKER_SORTS = ['name', 'kind', 'payRate', 'createdAt'] as const;
export const ZWorkerQuery = registryQuery(WORKER_SORTS);
export type WorkerQuery = z.infer<typeof ZWorkerQuery>;
const workerFields = {
  name: requiredText(120, 'The name'),
  kind: z.enum(WORKER_KINDS),
  taxId: ZTaxId,
  phone: ZPhone,
  email: ZOptionalEmail,
  payRate: z.optional(z.nullable(ZLineCents)),
  payUnit: z.optional(z.nullable(z.enum(PAY_UNITS))),
  active: z.optional(z.boolean()),
  notes: optionalText(2000),
};
export const ZWorkerBody = z.strictObject(workerFields);
export type WorkerBody = z.input<typeof ZWorkerBody>;
export const ZWorkerPatch = z.partial(ZWorkerBody);
export type WorkerPatch = z.input<typeof ZWorkerPatch>;

// Providers (Proveedores)
export const ZProvider = z.object({
  id: z.string(),
  name: z.string(),
  taxIdMasked: z.nullable(z.string()),
  contactName: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  defaultCategoryId: z.nullable(z.string()),
  defaultCategoryName: z.nullable(z.string()),
  active: z.boolean(),
  notes: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Provider = z.infer<typeof ZProvider>;
export const ZProviderList = listOf(ZProvider);
export const PROVIDER_SORTS = ['name', 'contactName', 'createdAt'] as const;
export const ZProviderQuery = registryQuery(PROVIDER_SORTS);
export type ProviderQuery = z.infer<typeof ZProviderQuery>;
export const ZProviderBody = z.strictObject({
  name: requiredText(120, 'The name'),
  taxId: ZTaxId,
  contactName: optionalText(120),
  phone: ZPhone,
  email: ZOptionalEmail,
  address: optionalText(300),
  defaultCategoryId: z.optional(z.nullable(ZUuid)),
  active: z.optional(z.boolean()),
  notes: optionalText(2000),
});
export type ProviderBody = z.input<typeof ZProviderBody>;
export const ZProviderPatch = z.partial(ZProviderBody);
export type ProviderPatch = z.input<typeof ZProviderPatch>;

// Vehicles (Vehiculos)
export const ZOdometer = decimal(1, 9_999_999, 'The odometer');
export const ZVehicle = z.object({
  id: z.string(),
  name: z.string(),
  make: z.nullable(z.string()),
  model: z.nullable(z.string()),
  year: z.nullable(z.int()),
  plate: z.nullable(z.string()),
  initialOdometer: z.nullable(z.number()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vehicle = z.infer<typeof ZVehicle>;
export const ZVehicleList = listOf(ZVehicle);
export const VEHICLE_SORTS = ['name', 'make', 'year', 'plate', 'createdAt'] as const;
export const ZVehicleQuery = registryQuery(VEHICLE_SORTS);
export type VehicleQuery = z.infer<typeof ZVehicleQuery>;
export const ZVehicleBody = z.strictObject({
  name: requiredText(120, 'The name'),
  make: optionalText(60),
  model: optionalText(60),
  year: z.optional(z.nullable(z.int().check(z.gte(1900, 'Use a year from 1900'), z.lte(2100, 'Use a year before 2100')))),
  plate: optionalText(20),
  initialOdometer: z.optional(z.nullable(ZOdometer)),
  active: z.optional(z.boolean()),
});
export type VehicleBody = z.input<typeof ZVehicleBody>;
export const ZVehiclePatch = z.partial(ZVehicleBody);
export type VehiclePatch = z.input<typeof ZVehiclePatch>;

// Purchased products catalogue
export const ZProduct = z.object({
  id: z.string(),
  name: z.string(),
  unit: z.string(),
  defaultUnitCost: z.nullable(z.int()),
  providerId: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  categoryId: z.nullable(z.string()),
  categoryName: z.nullable(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ZProduct>;
export const ZProductList = listOf(ZProduct);
export const PRODUCT_SORTS = ['name', 'unit', 'defaultUnitCost', 'createdAt'] as const;
export const ZProductQuery = z.extend(registryQuery(PRODUCT_SORTS), { providerId: z.optional(ZUuid) });
export type ProductQuery = z.infer<typeof ZProductQuery>;
const productFields = {
  name: requiredText(120, 'The name'),
  unit: requiredText(20, 'The unit'),
  defaultUnitCost: z.optional(z.nullable(ZLineCents)),
  providerId: z.optional(z.nullable(ZUuid)),
  categoryId: z.optional(z.nullable(ZUuid)),
  active: z.optional(z.boolean()),
};
export const ZProductBody = z.strictObject({ ...productFields, unit: z._default(productFields.unit, 'unit') });
export type ProductBody = z.input<typeof ZProductBody>;
export const ZProductPatch = z.partial(z.strictObject(productFields));
export type ProductPatch = z.input<typeof ZProductPatch>;
