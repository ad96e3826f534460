import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCategory,
  ZCategoryBody,
  ZCategoryList,
  ZCategoryPatch,
  ZCategoryQuery,
  ZIdParam,
  ZMileageRate,
  ZMileageRateBody,
  ZMileageRateList,
  ZMileageRatePatch,
  ZOk,
  ZReorderBody,
  ZSubcategory,
  ZSubcategoryBody,
  ZSubcategoryList,
  ZSubcategoryPatch,
  ZSubcategoryQuery,
} from '@cuadre/contracts';
import { readerLanguage } from '../../lib/language.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { bookErrors as errors } from '../../lib/errors.js';
import type { ChartService } from './chart.service.js';

/** The caller's language: the default chart's names answer in it. */
const lang = (req: FastifyRequest) => readerLanguage(authOf(req));

/** The chart for owners (`/api/categories`, `/api/subcategories`) and for administrators (`/api/admin/...`). */
export function chartRoutes(app: FastifyInstance, chart: ChartService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = { onRequest: guards.requireBooks };
  const admin = { onRequest: guards.requireAdmin };
  const tags = ['chart'];
  const adminTags = ['admin'];

  r.get(
    '/api/categories',
    { ...owner, schema: { tags, summary: 'The chart of categories', querystring: ZCategoryQuery, response: { 200: ZCategoryList, ...errors } } },
    (req) => chart.categories(req.query, lang(req)),
  );
  r.get(
    '/api/subcategories',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Subcategories: the shared ones and the owner’s own',
        querystring: ZSubcategoryQuery,
        response: { 200: ZSubcategoryList, ...errors },
      },
    },
    (req) => chart.subcategories(authOf(req), req.query, lang(req)),
  );
  r.post(
    '/api/subcategories',
    { ...owner, schema: { tags, summary: 'Add an own subcategory', body: ZSubcategoryBody, response: { 201: ZSubcategory, ...errors } } },
    async (req, reply) => reply.status(201).send(await chart.createSubcategory(authOf(req), req.body, lang(req))),
  );
  r.get(
    '/api/subcategories/:id',
    { ...owner, schema: { tags, summary: 'One subcategory', params: ZIdParam, response: { 200: ZSubcategory, ...errors } } },
    (req) => chart.subcategory(authOf(req), req.params.id, lang(req)),
  );
  r.patch(
    '/api/subcategories/:id',
    { ...owner, schema: { tags, summary: 'Change an own subcategory', params: ZIdParam, body: ZSubcategoryPatch, response: { 200: ZSubcategory, ...errors } } },
    (req) => chart.updateSubcategory(authOf(req), req.params.id, req.body, lang(req)),
  );
  r.delete(
    '/api/subcategories/:id',
    { ...owner, schema: { tags, summary: 'Delete an unused own subcategory', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => chart.deleteSubcategory(authOf(req), req.params.id),
  );

  r.get(
    '/api/admin/categories',
    { ...admin, schema: { tags: adminTags, summary: 'Categories (Cuentas)', querystring: ZCategoryQuery, response: { 200: ZCategoryList, ...errors } } },
    (req) => chart.categories(req.query, lang(req)),
  );
  r.post(
    '/api/admin/categories',
    { ...admin, schema: { tags: adminTags, summary: 'Add a category', body: ZCategoryBody, response: { 201: ZCategory, ...errors } } },
    async (req, reply) => reply.status(201).send(await chart.createCategory(req.body, lang(req))),
  );
  r.post(
    '/api/admin/categories/reorder',
    { ...admin, schema: { tags: adminTags, summary: 'Put categories in this order', body: ZReorderBody, response: { 200: ZCategoryList, ...errors } } },
    (req) => chart.reorder(req.body.ids, lang(req)),
  );
  r.get(
    '/api/admin/categories/:id',
    { ...admin, schema: { tags: adminTags, summary: 'One category', params: ZIdParam, response: { 200: ZCategory, ...errors } } },
    (req) => chart.category(req.params.id, lang(req)),
  );
  r.patch(
    '/api/admin/categories/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Change a category (active: false deactivates it)',
        params: ZIdParam,
        body: ZCategoryPatch,
        response: { 200: ZCategory, ...errors },
      },
    },
    (req) => chart.updateCategory(req.params.id, req.body, lang(req)),
  );
  r.delete(
    '/api/admin/categories/:id',
    {
      ...admin,
      schema: { tags: adminTags, summary: 'Delete an unused category (409 CONFLICT when in use)', params: ZIdParam, response: { 200: ZOk, ...errors } },
    },
    (req) => chart.deleteCategory(req.params.id),
  );

  r.get(
    '/api/admin/subcategories',
    {
      ...admin,
      schema: { tags: adminTags, summary: 'Shared subcategories (SubCuentas)', querystring: ZSubcategoryQuery, response: { 200: ZSubcategoryList, ...errors } },
    },
    (req) => chart.subcategories(undefined, req.query, lang(req)),
  );
  r.post(
    '/api/admin/subcategories',
    { ...admin, schema: { tags: adminTags, summary: 'Add a shared subcategory', body: ZSubcategoryBody, response: { 201: ZSubcategory, ...errors } } },
    async (req, reply) => reply.status(201).send(await chart.createSubcategory(undefined, req.body, lang(req))),
  );
  r.get(
    '/api/admin/subcategories/:id',
    { ...admin, schema: { tags: adminTags, summary: 'One shared subcategory', params: ZIdParam, response: { 200: ZSubcategory, ...errors } } },
    (req) => chart.subcategory(undefined, req.params.id, lang(req)),
  );
  r.patch(
    '/api/admin/subcategories/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Change a shared subcategory',
        params: ZIdParam,
        body: ZSubcategoryPatch,
        response: { 200: ZSubcategory, ...errors },
      },
    },
    (req) => chart.updateSubcategory(undefined, req.params.id, req.body, lang(req)),
  );
  r.delete(
    '/api/admin/subcategories/:id',
    { ...admin, schema: { tags: adminTags, summary: 'Delete an unused shared subcategory', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => chart.deleteSubcategory(undefined, req.params.id),
  );

  r.get(
    '/api/admin/mileage-rates',
    { ...admin, schema: { tags: adminTags, summary: 'Mileage rates, newest first', response: { 200: ZMileageRateList, ...errors } } },
    () => chart.rates(),
  );
  r.post(
    '/api/admin/mileage-rates',
    { ...admin, schema: { tags: adminTags, summary: 'Add a rate from a date on', body: ZMileageRateBody, response: { 201: ZMileageRate, ...errors } } },
    async (req, reply) => reply.status(201).send(await chart.createRate(req.body)),
  );
  r.patch(
    '/api/admin/mileage-rates/:id',
    { ...admin, schema: { tags: adminTags, summary: 'Change a rate', params: ZIdParam, body: ZMileageRatePatch, response: { 200: ZMileageRate, ...errors } } },
    (req) => chart.updateRate(req.params.id, req.body),
  );
  r.delete(
    '/api/admin/mileage-rates/:id',
    { ...admin, schema: { tags: adminTags, summary: 'Delete a rate', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => chart.deleteRate(req.params.id),
  );
}
