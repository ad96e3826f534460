import { z } from 'zod';

export const PAGE_SIZES = [10, 25, 50] as const;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'size must be 10, 25 or 50' })
    .default(10),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const ZPagination = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});
export type Pagination = z.infer<typeof ZPagination>;

/** The list envelope of PRODUCT.md: `{ items, pagination, totals }`. */
export const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), pagination: ZPagination, totals: z.record(z.string(), z.number()).optional() });
