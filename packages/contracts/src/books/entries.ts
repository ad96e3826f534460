import { z } from 'zod/mini';
import { ZPageQuery } from '../common/pagination.js';
import { ZLineCents } from '../common/money.js';
import { text, ZUuid } from '../common/text.js';
import type { CategoryKind } from './chart.js';
import { decimal, optionalText, ZDate } from './numbers.js';

export const ENTRY_TYPES = ['income', 'expense', 'purchase', 'worker_payment', 'supplier_payment'] as const;
export const ZEntryType = z.enum(ENTRY_TYPES);
export type EntryType = z.infer<typeof ZEntryType>;

/** Which kinds of category each type of entry may take (docs/product.md, "Entry types and category kinds"). */
export const KINDS_FOR_TYPE: Record<EntryType, readonly CategoryKind[]> = {
  income: ['income'],
  expense: ['expense'],
  purchase: ['cost_of_goods'],
  worker_payment: ['payroll'],
  supplier_payment: ['expense', 'cost_of_goods'],
};

export const PAYMENT_METHODS = ['cash', 'card', 'check', 'transfer', 'mobile', 'other'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof ZPaymentMethod>;

/** Quantities carry at most 3 decimals (2.5 bags, 0.125 kg). */
export const ZQuantity = decimal(3, 1_000_000, 'The quantity', { positive: true });
export const ZHours = decimal(2, 10_000, 'The hours');

export const ZAttachment = z.object({
  id: z.string(),
  entryId: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.int(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof ZAttachment>;

export const ZEntry = z.object({
  id: z.string(),
  type: ZEntryType,
  date: z.string(),
  amount: z.int(),
  categoryId: z.string(),
  categoryName: z.string(),
  subcategoryId: z.nullable(z.string()),
  subcategoryName: z.nullable(z.string()),
  paymentMethod: ZPaymentMethod,
  reference: z.nullable(z.string()),
  description: z.nullable(z.string()),
  workerId: z.nullable(z.string()),
  workerName: z.nullable(z.string()),
  providerId: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  productName: z.nullable(z.string()),
  /** Income only: the customer (a contact) it came from. */
  contactId: z.nullable(z.string()),
  contactName: z.nullable(z.string()),
  /** An operational expense only: the vehicle it is for (docs/product.md, "Vehicle methods"). */
  vehicleId: z.nullable(z.string()),
  vehicleName: z.nullable(z.string()),
  quantity: z.nullable(z.number()),
  unitCost: z.nullable(z.int()),
  hours: z.nullable(z.number()),
  /** The inventory product whose stock this entry moves (a purchase adds its quantity, an income takes it away). */
  inventoryProductId: z.nullable(z.string()),
  /** The recurring template that made it (absent or null: written by hand). */
  recurringId: z.optional(z.nullable(z.string())),
  attachments: z.array(ZAttachment),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Entry = z.infer<typeof ZEntry>;

export const ZEntryList = z.object({
  items: z.array(ZEntry),
  pagination: z.object({ page: z.int(), size: z.int(), total: z.int(), lastPage: z.int() }),
  totals: z.object({ amount: z.int(), count: z.int() }),
});
export type EntryList = z.infer<typeof ZEntryList>;

export const ENTRY_SORTS = ['date', 'amount', 'category', 'createdAt', 'paymentMethod'] as const;
export const ZEntryQuery = z.extend(ZPageQuery, {
  type: z.optional(ZEntryType),
  from: z.optional(ZDate),
  to: z.optional(ZDate),
  categoryId: z.optional(ZUuid),
  subcategoryId: z.optional(ZUuid),
  workerId: z.optional(ZUuid),
  providerId: z.optional(ZUuid),
  productId: z.optional(ZUuid),
  contactId: z.optional(ZUuid),
  paymentMethod: z.optional(ZPaymentMethod),
  search: z.optional(text(120, z.trim())),
  sort: z._default(z.enum(ENTRY_SORTS), 'date'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
});
export type EntryQuery = z.infer<typeof ZEntryQuery>;

const entryFields = {
  type: ZEntryType,
  date: ZDate,
  /** For a purchase the server computes it from quantity × unitCost; an amount sent with a quantity is replaced by that figure. */
  amount: ZLineCents,
  categoryId: ZUuid,
  subcategoryId: z.nullable(ZUuid),
  paymentMethod: ZPaymentMethod,
  reference: optionalText(60),
  description: optionalText(500),
  workerId: z.nullable(ZUuid),
  providerId: z.nullable(ZUuid),
  productId: z.nullable(ZUuid),
  contactId: z.nullable(ZUuid),
  vehicleId: z.nullable(ZUuid),
  quantity: z.nullable(ZQuantity),
  unitCost: z.nullable(ZLineCents),
  hours: z.nullable(ZHours),
  inventoryProductId: z.nullable(ZUuid),
};

/**
 * One entry as written. The category may be left out where a product or a provider names a
 * default one; the amount where quantity × unit cost gives it (a purchase).
 */
export const ZEntryBody = z.strictObject({
  type: entryFields.type,
  date: entryFields.date,
  amount: z.optional(entryFields.amount),
  categoryId: z.optional(entryFields.categoryId),
  subcategoryId: z.optional(entryFields.subcategoryId),
  paymentMethod: z._default(entryFields.paymentMethod, 'cash'),
  reference: entryFields.reference,
  description: entryFields.description,
  workerId: z.optional(entryFields.workerId),
  providerId: z.optional(entryFields.providerId),
  productId: z.optional(entryFields.productId),
  contactId: z.optional(entryFields.contactId),
  vehicleId: z.optional(entryFields.vehicleId),
  quantity: z.optional(entryFields.quantity),
  unitCost: z.optional(entryFields.unitCost),
  hours: z.optional(entryFields.hours),
  inventoryProductId: z.optional(entryFields.inventoryProductId),
});
export type EntryBody = z.input<typeof ZEntryBody>;
export type EntryInput = z.infer<typeof ZEntryBody>;

export const ZEntryPatch = z.strictObject({
  type: z.optional(entryFields.type),
  date: z.optional(entryFields.date),
  amount: z.optional(entryFields.amount),
  categoryId: z.optional(entryFields.categoryId),
  subcategoryId: z.optional(entryFields.subcategoryId),
  paymentMethod: z.optional(entryFields.paymentMethod),
  reference: entryFields.reference,
  description: entryFields.description,
  workerId: z.optional(entryFields.workerId),
  providerId: z.optional(entryFields.providerId),
  productId: z.optional(entryFields.productId),
  contactId: z.optional(entryFields.contactId),
  vehicleId: z.optional(entryFields.vehicleId),
  quantity: z.optional(entryFields.quantity),
  unitCost: z.optional(entryFields.unitCost),
  hours: z.optional(entryFields.hours),
  inventoryProductId: z.optional(entryFields.inventoryProductId),
});
export type EntryPatch = z.input<typeof ZEntryPatch>;
export type EntryPatchInput = z.infer<typeof ZEntryPatch>;

export const MAX_BATCH_LINES = 1000;
export const ZEntryBatchBody = z.strictObject({
  entries: z
    .array(ZEntryBody)
    .check(z.minLength(1, 'Send at least one entry'), z.maxLength(MAX_BATCH_LINES, `Send at most ${MAX_BATCH_LINES} entries at once`)),
});
export type EntryBatchBody = z.input<typeof ZEntryBatchBody>;
export const ZEntryBatchResult = z.object({ items: z.array(ZEntry), count: z.int(), amount: z.int() });
export type EntryBatchResult = z.infer<typeof ZEntryBatchResult>;

/**
 * quantity × unit cost in cents, rounded half up to the cent, in integers: the quantity is taken
 * in thousandths, so the product is exact and the rounding adds 500 before dividing by 1000.
 */
export function purchaseAmount(quantityThousandths: number, unitCostCents: number): number {
  const product = BigInt(quantityThousandths) * BigInt(unitCostCents);
  return Number((product + 500n) / 1000n);
}

export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
