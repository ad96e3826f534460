import { queryOptions } from '@tanstack/react-query';
import { ZFaqCategories, ZGuideCategories, ZGuideOne, ZHelpSearchResults, ZSupportRequest, ZSupportRequestList } from '@cuadre/contracts';
import { api } from '@/lib/api';

/** The help center's calls (docs/product.md, "The supporting areas") and support requests. The language is in the key: the server answers in the user's. */
export const helpKeys = { all: ['help'] as const, support: ['help', 'support'] as const };

export const faqsQuery = (lang: string, slug?: string) =>
  queryOptions({
    queryKey: ['help', lang, 'faqs', slug ?? ''],
    queryFn: ({ signal }) => api('apps/help-center/faqs', { query: { slug }, schema: ZFaqCategories, signal }),
    staleTime: Infinity,
  });
export const guidesQuery = (lang: string, slug?: string, limit?: number) =>
  queryOptions({
    queryKey: ['help', lang, 'guides', slug ?? '', limit ?? 5],
    queryFn: ({ signal }) => api('apps/help-center/guides', { query: { slug, limit }, schema: ZGuideCategories, signal }),
    staleTime: Infinity,
  });
export const guideQuery = (lang: string, categorySlug: string, guideSlug: string) =>
  queryOptions({
    queryKey: ['help', lang, 'guide', categorySlug, guideSlug],
    queryFn: ({ signal }) => api('apps/help-center/guide', { query: { categorySlug, guideSlug }, schema: ZGuideOne, signal }),
    staleTime: Infinity,
  });

/** The guides and questions holding every word of `query` (at least 2 characters), with an excerpt; the articles do not change while the server runs. */
export const helpSearchQuery = (lang: string, query: string) =>
  queryOptions({
    queryKey: ['help', lang, 'search', query],
    queryFn: ({ signal }) => api('apps/help-center/search', { query: { query }, schema: ZHelpSearchResults, signal }),
    staleTime: Infinity,
  });

export const mySupportQuery = queryOptions({
  queryKey: helpKeys.support,
  queryFn: ({ signal }) => api('support-requests', { query: { size: 50 }, schema: ZSupportRequestList, signal }),
});
export const createSupportRequest = (body: { subject: string; message: string }) => api('support-requests', { method: 'POST', body, schema: ZSupportRequest });
export const attachScreenshot = (id: string, file: File) => {
  const form = new FormData();
  form.append('screenshot', file);
  return api(`support-requests/${id}/screenshot`, { method: 'POST', body: form, schema: ZSupportRequest });
};
