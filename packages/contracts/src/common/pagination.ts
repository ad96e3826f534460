import { z } from 'zod/mini';

export const PAGE_SIZES = [10, 25, 50] as const;

export const ZPageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page starts at 1')), 1),
  size: z._default(z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'size must be 10, 25 or 50')), 10),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
});

export const ZPagination = z.object({ page: z.int(), size: z.int(), total: z.int(), lastPage: z.int() });
export type Pagination = z.infer<typeof ZPagination>;

/** The list envelope (docs/product.md, "Lists"): `{ items, pagination, totals }`. */
export const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), pagination: ZPagination, totals: z.optional(z.record(z.string(), z.number())) });
