import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZSearchBody, ZSearchResults } from '@cuadre/contracts';
import { authOf } from '../../plugins/auth.js';
import type { AreaOptions } from '../core.js';
import { SearchService } from './search.service.js';

/** The shell's search box: pages and the user's own records. */
export default async function searchArea(app: FastifyInstance, { core }: AreaOptions) {
  const search = new SearchService(core.db);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/common/search',
    {
      onRequest: core.guards.requireUser,
      schema: {
        tags: ['panels'],
        summary: 'Search my contacts, pages, my tasks and my records (workers, providers, vehicles, products, entries); fewer than 2 characters finds nothing',
        body: ZSearchBody,
        response: { 200: ZSearchResults, 400: ZApiError, 401: ZApiError },
      },
    },
    (req) => search.search(authOf(req), req.body.query),
  );
}
