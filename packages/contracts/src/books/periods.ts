import { z } from 'zod/mini';
import { text } from '../common/text.js';
import { ZMonth, ZYear } from './numbers.js';

export const PERIOD_STATUSES = ['open', 'closed'] as const;
export const ZPeriodStatus = z.enum(PERIOD_STATUSES);
export type PeriodStatus = z.infer<typeof ZPeriodStatus>;

/** `net` is income − outflows − mileageDeduction: the row adds up as shown (docs/product.md, "Month summary"). */
export const ZTaxYear = z.object({ year: z.int(), income: z.int(), outflows: z.int(), mileageDeduction: z.int(), net: z.int(), status: ZPeriodStatus });
export type TaxYear = z.infer<typeof ZTaxYear>;
export const ZTaxYearList = z.array(ZTaxYear);
export const ZTaxMonth = z.object({
  year: z.int(),
  month: z.int(),
  income: z.int(),
  outflows: z.int(),
  mileageDeduction: z.int(),
  net: z.int(),
  status: ZPeriodStatus,
  closedAt: z.nullable(z.string()),
});
export type TaxMonth = z.infer<typeof ZTaxMonth>;
export const ZTaxMonthList = z.array(ZTaxMonth);
export const ZYearParam = z.object({ year: ZYear });
export const ZMonthParam = z.object({ year: ZYear, month: ZMonth });
export const ZYearMonthQuery = z.object({ year: ZYear, month: ZMonth });

export const ZMonthSummary = z.object({
  year: z.int(),
  month: z.int(),
  status: ZPeriodStatus,
  income: z.int(),
  purchases: z.int(),
  expenses: z.int(),
  workerPayments: z.int(),
  supplierPayments: z.int(),
  outflows: z.int(),
  miles: z.number(),
  mileageDeduction: z.int(),
  net: z.int(),
  entries: z.int(),
  trips: z.int(),
  /** The month's entries summed by type, category and subcategory, largest first. */
  byCategory: z.array(
    z.object({
      type: z.enum(['income', 'expense', 'purchase', 'worker_payment', 'supplier_payment']),
      categoryId: z.string(),
      categoryName: z.string(),
      subcategoryId: z.nullable(z.string()),
      subcategoryName: z.nullable(z.string()),
      amount: z.int(),
      count: z.int(),
    }),
  ),
  /** The month's income by payment method. */
  incomeByMethod: z.array(z.object({ paymentMethod: z.string(), amount: z.int(), count: z.int() })),
  daily: z.array(
    z.object({
      date: z.string(),
      income: z.int(),
      purchases: z.int(),
      expenses: z.int(),
      workerPayments: z.int(),
      supplierPayments: z.int(),
      miles: z.number(),
      mileageDeduction: z.int(),
      net: z.int(),
    }),
  ),
});
export type MonthSummary = z.infer<typeof ZMonthSummary>;

/** `mfa`: an administrator turned the owner's two-step sign-in off (its id is the owner's). */
export const AUDIT_ENTITIES = ['entry', 'trip', 'attachment', 'worker', 'provider', 'vehicle', 'product', 'subcategory', 'mfa'] as const;
export const ZAuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof ZAuditEntity>;
export const ZAuditQuery = z.object({ entity: ZAuditEntity, id: text(36, z.toLowerCase(), z.regex(/^[0-9a-f-]{36}$/, 'Not a valid id')) });
export const ZAuditEvent = z.object({
  id: z.string(),
  entity: ZAuditEntity,
  entityId: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  at: z.string(),
  actor: z.object({ id: z.nullable(z.string()), name: z.nullable(z.string()) }),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditList = z.object({ items: z.array(ZAuditEvent) });
export type AuditList = z.infer<typeof ZAuditList>;

export const ZWorkerTotals = z.object({
  year: z.int(),
  month: z.int(),
  items: z.array(
    z.object({
      workerId: z.string(),
      workerName: z.string(),
      kind: z.enum(['employee', 'contractor']),
      active: z.boolean(),
      month: z.int(),
      monthCount: z.int(),
      year: z.int(),
      yearCount: z.int(),
    }),
  ),
  totals: z.object({ month: z.int(), year: z.int() }),
});
export type WorkerTotals = z.infer<typeof ZWorkerTotals>;
