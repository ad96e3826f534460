import { z } from 'zod/mini';

/**
 * The query of a picture's address as the API hands it out (docs/product.md "Pictures"): the viewer
 * it was signed for, when it expires (seconds since the epoch) and the signature; a user's avatar
 * also carries its version. Loose on purpose: a malformed or missing part answers 404 as a wrong
 * signature does, not 400, so an address tells nothing of what is behind it.
 */
export const ZPictureQuery = z.object({
  v: z.optional(z.string()),
  u: z.optional(z.string()),
  exp: z.optional(z.string()),
  sig: z.optional(z.string()),
});
export type PictureQuery = z.infer<typeof ZPictureQuery>;
