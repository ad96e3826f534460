import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZIconSet, ZIconSetParam, type IconSetId } from '@cuadre/contracts';
import { notFound } from '../../lib/errors.js';
import type { AreaOptions } from '../core.js';
import { loadIconSets } from './icon-sets.js';

/** `GET /api/ui/icons/{set}`: the seven icon sets of spec 001 §7, read from the Iconify JSON packages once, at start. */
export default async function iconsArea(app: FastifyInstance, { core }: AreaOptions) {
  const sets = loadIconSets();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ui/icons/:set',
    {
      onRequest: core.guards.requireUser,
      schema: {
        tags: ['icons'],
        summary: `An icon set: namespace, name, grid and the icons’ names (${[...sets.keys()].join(', ')})`,
        params: ZIconSetParam,
        response: { 200: ZIconSet, 401: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const set = sets.get(req.params.set as IconSetId);
      if (!set) throw notFound(`Icon set "${req.params.set.slice(0, 40)}"`);
      // The same for everyone and for the server's life: the browser may keep it a day.
      reply.header('cache-control', 'private, max-age=86400');
      return set;
    },
  );
}
