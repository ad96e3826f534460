import { z } from 'zod/mini';

/** An amount of money in integer cents (ADR 002). Branded, so a count or a quantity is never taken for one. */
export const ZCents = z.int().brand<'Cents'>();
export type Cents = z.infer<typeof ZCents>;

/** The largest amount one line may carry: 10^11 cents, a billion in the currency (docs/product.md, "Conventions of the data"). */
export const MAX_LINE_CENTS = 100_000_000_000;

/** An amount a client may write on a line: more than zero, at most 10^11 cents. */
export const ZLineCents = z.int().check(z.gt(0, 'The amount must be more than zero'), z.lte(MAX_LINE_CENTS, 'The amount is too large')).brand<'Cents'>();
