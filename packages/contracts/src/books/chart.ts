import { z } from 'zod/mini';
import { ZPageQuery, listOf } from '../common/pagination.js';
import { text, ZUuid } from '../common/text.js';
import { decimal, requiredText, ZDate, ZQueryBool } from './numbers.js';

export const CATEGORY_KINDS = ['income', 'cost_of_goods', 'expense', 'payroll'] as const;
export const ZCategoryKind = z.enum(CATEGORY_KINDS);
export type CategoryKind = z.infer<typeof ZCategoryKind>;

export const ZSubcategory = z.object({
  id: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  categoryKind: ZCategoryKind,
  /** In the caller's language for a default subcategory (see ZCategory's name). */
  name: z.string(),
  /** A default subcategory, named in each reader's language; false for a written name. */
  translated: z.boolean(),
  active: z.boolean(),
  /** Set for an owner's own subcategory, null for a shared one. */
  ownerId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Subcategory = z.infer<typeof ZSubcategory>;

export const ZCategory = z.object({
  id: z.string(),
  /**
   * A default category's name in the caller's language (the X-Language header, else the account's
   * language); a name an administrator wrote, as written. Renaming a default category to anything
   * but its shown name makes the new name its name in every language.
   */
  name: z.string(),
  /** A default category, named in each reader's language; false once someone wrote its name. */
  translated: z.boolean(),
  kind: ZCategoryKind,
  taxLine: z.string(),
  sortOrder: z.int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof ZCategory>;
export const ZCategoryList = listOf(ZCategory);
export type CategoryList = z.infer<typeof ZCategoryList>;
export const ZSubcategoryList = listOf(ZSubcategory);
export type SubcategoryList = z.infer<typeof ZSubcategoryList>;

export const CATEGORY_SORTS = ['sortOrder', 'name', 'kind', 'createdAt'] as const;
export const ZCategoryQuery = z.extend(ZPageQuery, {
  search: z.optional(text(120, z.trim())),
  kind: z.optional(ZCategoryKind),
  active: z.optional(ZQueryBool),
  sort: z._default(z.enum(CATEGORY_SORTS), 'sortOrder'),
  size: z._default(z.coerce.number().check(z.refine((n) => [10, 25, 50, 100].includes(n), 'size must be 10, 25, 50 or 100')), 100),
});
export type CategoryQuery = z.infer<typeof ZCategoryQuery>;

export const ZCategoryBody = z.strictObject({
  name: requiredText(120, 'The name'),
  kind: ZCategoryKind,
  taxLine: z._default(text(200, z.trim()), ''),
  sortOrder: z.optional(z.int().check(z.gte(0), z.lte(100_000))),
  active: z._default(z.boolean(), true),
});
export type CategoryBody = z.infer<typeof ZCategoryBody>;
export const ZCategoryPatch = z.strictObject({
  name: z.optional(requiredText(120, 'The name')),
  kind: z.optional(ZCategoryKind),
  taxLine: z.optional(text(200, z.trim())),
  sortOrder: z.optional(z.int().check(z.gte(0), z.lte(100_000))),
  active: z.optional(z.boolean()),
});
export type CategoryPatch = z.infer<typeof ZCategoryPatch>;
export const ZReorderBody = z.strictObject({ ids: z.array(ZUuid).check(z.minLength(1), z.maxLength(500)) });
export type ReorderBody = z.infer<typeof ZReorderBody>;

export const SUBCATEGORY_SORTS = ['name', 'category', 'createdAt'] as const;
export const ZSubcategoryQuery = z.extend(ZPageQuery, {
  search: z.optional(text(120, z.trim())),
  categoryId: z.optional(ZUuid),
  active: z.optional(ZQueryBool),
  /** Only the owner's own (true) or only the shared ones (false). */
  own: z.optional(ZQueryBool),
  sort: z._default(z.enum(SUBCATEGORY_SORTS), 'category'),
  size: z._default(z.coerce.number().check(z.refine((n) => [10, 25, 50, 100, 500].includes(n), 'size must be 10, 25, 50, 100 or 500')), 100),
});
export type SubcategoryQuery = z.infer<typeof ZSubcategoryQuery>;

export const ZSubcategoryBody = z.strictObject({ categoryId: ZUuid, name: requiredText(120, 'The name'), active: z._default(z.boolean(), true) });
export type SubcategoryBody = z.infer<typeof ZSubcategoryBody>;
export const ZSubcategoryPatch = z.strictObject({
  categoryId: z.optional(ZUuid),
  name: z.optional(requiredText(120, 'The name')),
  active: z.optional(z.boolean()),
});
export type SubcategoryPatch = z.infer<typeof ZSubcategoryPatch>;

/** A mileage rate: from its date on, this many cents per mile (one decimal: 65.5). */
export const ZMileageRate = z.object({ id: z.string(), effectiveFrom: z.string(), centsPerMile: z.number(), createdAt: z.string() });
export type MileageRate = z.infer<typeof ZMileageRate>;
export const ZMileageRateList = listOf(ZMileageRate);
export type MileageRateList = z.infer<typeof ZMileageRateList>;
export const ZCentsPerMile = decimal(1, 1000, 'The rate', { positive: true });
export const ZMileageRateBody = z.strictObject({ effectiveFrom: ZDate, centsPerMile: ZCentsPerMile });
export type MileageRateBody = z.input<typeof ZMileageRateBody>;
export const ZMileageRatePatch = z.strictObject({ effectiveFrom: z.optional(ZDate), centsPerMile: z.optional(ZCentsPerMile) });
export type MileageRatePatch = z.input<typeof ZMileageRatePatch>;
