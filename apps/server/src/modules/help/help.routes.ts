import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPORT_SCREENSHOT_MAX_BYTES,
  ZApiError,
  ZFaqCategories,
  ZFaqsQuery,
  ZGuideCategories,
  ZGuideOne,
  ZGuideQuery,
  ZGuidesQuery,
  ZHelpSearchQuery,
  ZHelpSearchResults,
  ZIdParam,
  ZSupportAnswerBody,
  ZSupportListQuery,
  ZSupportRequest,
  ZSupportRequestBody,
  ZSupportRequestList,
} from '@cuadre/contracts';
import { notFound } from '../../lib/errors.js';
import { readUpload } from '../../lib/uploads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { accountLanguage } from '../../lib/language.js';
import { helpLibrary } from './help-content.js';
import { searchHelp } from './help-search.js';
import type { SupportService } from './support.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };

/** The help center's calls (word for word, docs/product.md "The supporting areas"), in the user's language, and support requests. */
export function helpRoutes(app: FastifyInstance, support: SupportService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['help'];
  const opts = { onRequest: guards.requireUser };
  const library = (req: Parameters<typeof authOf>[0]) => helpLibrary(accountLanguage(authOf(req).user));

  r.get(
    '/api/apps/help-center/faqs',
    {
      ...opts,
      schema: {
        tags,
        summary: 'FAQ categories with their questions (one category with `slug`)',
        querystring: ZFaqsQuery,
        response: { 200: ZFaqCategories, ...errors },
      },
    },
    (req) => library(req).faqs.filter((c) => !req.query.slug || c.slug === req.query.slug),
  );
  r.get(
    '/api/apps/help-center/guides',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Guide categories with their first `limit` guides (default 5), visibleGuides and totalGuides',
        querystring: ZGuidesQuery,
        response: { 200: ZGuideCategories, ...errors },
      },
    },
    (req) =>
      library(req)
        .guides.filter((c) => !req.query.slug || c.slug === req.query.slug)
        .map((c) => {
          const guides = c.guides.slice(0, req.query.limit).map(({ content: _content, ...g }) => g);
          return { ...c, guides, visibleGuides: guides.length, totalGuides: c.guides.length };
        }),
  );
  r.get(
    '/api/apps/help-center/guide',
    { ...opts, schema: { tags, summary: 'One guide with its content, in its category', querystring: ZGuideQuery, response: { 200: ZGuideOne, ...errors } } },
    (req) => {
      const category = library(req).guides.find((c) => c.slug === req.query.categorySlug);
      const guide = category?.guides.find((g) => g.slug === req.query.guideSlug);
      if (!category || !guide) throw notFound('Guide');
      return { id: category.id, slug: category.slug, title: category.title, guide };
    },
  );

  r.get(
    '/api/apps/help-center/search',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Guides and questions holding every word of the query (in the title or the text; case and accents ignored), with an excerpt',
        querystring: ZHelpSearchQuery,
        response: { 200: ZHelpSearchResults, ...errors },
      },
    },
    (req) => searchHelp(library(req), req.query.query),
  );

  // Support requests: the asker's side.
  r.post(
    '/api/support-requests',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Ask for help: a subject and a message (a screenshot may follow)',
        body: ZSupportRequestBody,
        response: { 201: ZSupportRequest, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await support.create(authOf(req), req.body.subject, req.body.message)),
  );
  r.post(
    '/api/support-requests/:id/screenshot',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Attach a screenshot (JPEG, PNG or WebP, up to 5 MB) to my open request',
        params: ZIdParam,
        consumes: ['multipart/form-data'],
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    async (req) => {
      const file = await readUpload(req, {
        field: 'screenshot',
        maxBytes: SUPPORT_SCREENSHOT_MAX_BYTES,
        tooLarge: 'The screenshot is larger than 5 MB',
        missing: 'Attach an image',
      });
      return support.attachScreenshot(authOf(req), req.params.id, file.data);
    },
  );
  r.get(
    '/api/support-requests',
    {
      ...opts,
      schema: { tags, summary: 'My support requests, newest first', querystring: ZSupportListQuery, response: { 200: ZSupportRequestList, ...errors } },
    },
    (req) => support.mine(authOf(req), req.query),
  );
  const sendImage = (reply: FastifyReply, img: { data: Buffer; mime: string }) =>
    reply.header('content-type', img.mime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(img.data);
  r.get(
    '/api/support-requests/:id/screenshot',
    { ...opts, schema: { tags, summary: 'The screenshot of my request', params: ZIdParam, response: { 400: ZApiError, 401: ZApiError, 404: ZApiError } } },
    async (req, reply) => sendImage(reply as FastifyReply, await support.screenshot(req.params.id, authOf(req).user.id)),
  );

  // The administrators' side.
  const admin = { onRequest: guards.requireAdmin };
  r.get(
    '/api/admin/support-requests',
    {
      ...admin,
      schema: {
        tags,
        summary: "Every support request (by status), newest first, with the asker's plan",
        querystring: ZSupportListQuery,
        response: { 200: ZSupportRequestList, ...errors },
      },
    },
    (req) => support.all(req.query),
  );
  r.patch(
    '/api/admin/support-requests/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Answer a request (it reaches the asker as a message and a mail), or set its status',
        params: ZIdParam,
        body: ZSupportAnswerBody,
        response: { 200: ZSupportRequest, ...errors },
      },
    },
    (req) => support.answer(authOf(req), req.params.id, req.body),
  );
  r.get(
    '/api/admin/support-requests/:id/screenshot',
    {
      ...admin,
      schema: { tags, summary: "A request's screenshot", params: ZIdParam, response: { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } },
    },
    async (req, reply) => sendImage(reply as FastifyReply, await support.screenshot(req.params.id)),
  );
}
