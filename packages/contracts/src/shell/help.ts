import { z } from 'zod/mini';
import { listOf } from '../common/pagination.js';
import { text } from '../common/text.js';
import { requiredText } from '../books/numbers.js';
import { SEARCH_MIN_LENGTH } from './search.js';

// The help center's shapes (docs/product.md, "The supporting areas": FAQ and guide categories, FAQs, guides).
export const ZFaq = z.object({ id: z.string(), categoryId: z.string(), question: z.string(), answer: z.string() });
export const ZFaqCategory = z.object({ id: z.string(), slug: z.string(), title: z.string(), faqs: z.array(ZFaq) });
export type FaqCategory = z.infer<typeof ZFaqCategory>;
export const ZFaqCategories = z.array(ZFaqCategory);
export const ZGuide = z.object({
  id: z.string(),
  categoryId: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** HTML made on the server from the guide's Markdown (raw HTML in it is not passed through). */
  content: z.optional(z.string()),
});
export type Guide = z.infer<typeof ZGuide>;
export const ZGuideCategory = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  guides: z.array(ZGuide),
  visibleGuides: z.int(),
  totalGuides: z.int(),
});
export type GuideCategory = z.infer<typeof ZGuideCategory>;
export const ZGuideCategories = z.array(ZGuideCategory);
export const ZGuideOne = z.object({ id: z.string(), slug: z.string(), title: z.string(), guide: ZGuide });
export const ZSlug = text(80, z.regex(/^[a-z0-9-]+$/, 'Not a valid slug'));
export const ZFaqsQuery = z.object({ slug: z.optional(ZSlug) });
export const ZGuidesQuery = z.object({
  slug: z.optional(ZSlug),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1, 'limit starts at 1'), z.lte(100, 'limit is at most 100')), 5),
});
export const ZGuideQuery = z.object({ categorySlug: ZSlug, guideSlug: ZSlug });

/**
 * The help center's search: words inside the articles, not only their titles. Every word of the
 * query must appear (in the title, the subtitle or the text), ignoring case and accents; a query
 * shorter than the search box's minimum is refused rather than answered with everything.
 */
export const ZHelpSearchQuery = z.object({
  query: text(100, z.trim(), z.minLength(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters`)),
});
/** A guide the search found: where it opens, and a plain-text excerpt around the first match. */
export const ZHelpSearchGuide = z.object({
  categorySlug: z.string(),
  categoryTitle: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  excerpt: z.string(),
});
export type HelpSearchGuide = z.infer<typeof ZHelpSearchGuide>;
/** A question the search found (its id is the FAQ's, `<category>-<n>`). */
export const ZHelpSearchFaq = z.object({ id: z.string(), categorySlug: z.string(), categoryTitle: z.string(), question: z.string(), excerpt: z.string() });
export type HelpSearchFaq = z.infer<typeof ZHelpSearchFaq>;
export const ZHelpSearchResults = z.object({ guides: z.array(ZHelpSearchGuide), faqs: z.array(ZHelpSearchFaq) });
export type HelpSearchResults = z.infer<typeof ZHelpSearchResults>;

/** A support request from the help center's form, answered by an administrator. */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export const ZSupportRequest = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  answer: z.nullable(z.string()),
  answeredAt: z.nullable(z.string()),
  hasScreenshot: z.boolean(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), plan: z.string() }),
  /** The plan asked for, when the request was made on the plans page. */
  planId: z._default(z.nullable(z.string()), null),
});
export type SupportRequest = z.infer<typeof ZSupportRequest>;
export const ZSupportRequestList = listOf(ZSupportRequest);
export const ZSupportRequestBody = z.strictObject({ subject: requiredText(150, 'The subject'), message: requiredText(5000, 'The message') });
export const ZSupportAnswerBody = z.strictObject({
  answer: z.optional(requiredText(5000, 'The answer')),
  status: z.optional(z.enum(SUPPORT_STATUSES)),
});
export const ZSupportListQuery = z.object({
  status: z.optional(z.enum(SUPPORT_STATUSES)),
  /** Words in the subject, the message, or the asker's name or email. */
  search: z.optional(text(120, z.trim())),
  sort: z._default(z.enum(['createdAt']), 'createdAt'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page starts at 1')), 1),
  size: z._default(z.coerce.number().check(z.int(), z.gte(1, 'size starts at 1'), z.lte(50, 'size is at most 50')), 25),
});
export const SUPPORT_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
