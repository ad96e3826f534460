import { z } from 'zod/mini';
import { text } from '../common/text.js';

/** The search box's minimum (docs/product.md, "Top bar, user menu and panels"): below it the results clear and nothing is asked. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
/** At most this many results in a group. */
export const SEARCH_GROUP_CAP = 5;

export const ZSearchBody = z.strictObject({ query: text(100) });
export const SEARCH_GROUPS = ['contacts', 'pages', 'tasks', 'workers', 'providers', 'vehicles', 'products', 'entries'] as const;
/**
 * A result: where it opens, its title, and a line under it (a page has only the first two). A
 * contact (spec 000: link, value, avatar, name) also carries its name, the value searched and its
 * avatar; a task (spec 000: title, completed) whether it is done.
 */
export const ZSearchResult = z.object({
  link: z.string(),
  title: z.string(),
  subtitle: z.optional(z.string()),
  value: z.optional(z.string()),
  name: z.optional(z.string()),
  avatar: z.optional(z.nullable(z.string())),
  completed: z.optional(z.boolean()),
});
export type SearchResult = z.infer<typeof ZSearchResult>;
/** A result set (docs/product.md, "Top bar, user menu and panels"): id, label, results. */
export const ZSearchResultSet = z.object({ id: z.enum(SEARCH_GROUPS), label: z.string(), results: z.array(ZSearchResult) });
export type SearchResultSet = z.infer<typeof ZSearchResultSet>;
export const ZSearchResults = z.array(ZSearchResultSet);
