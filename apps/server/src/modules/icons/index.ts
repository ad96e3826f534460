import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ICON_SETS, MAX_ICON_DRAWINGS, ZApiError, ZIconDrawings, ZIconDrawingsQuery, ZIconSet, ZIconSetParam, type IconDrawing } from '@cuadre/contracts';
import { notFound, validation } from '../../lib/errors.js';
import type { AreaOptions } from '../core.js';
import { IconSets } from './icon-sets.js';

/** `GET /api/ui/icons/{set}`: the seven icon sets of spec 001 §7, read from the Iconify JSON packages once, at a set's first request; and the drawings the icons screen shows. */
export default async function iconsArea(app: FastifyInstance, { core }: AreaOptions) {
  const sets = new IconSets();
  const setOf = (id: string) => {
    const found = sets.get(id);
    if (!found) throw notFound(`Icon set "${id.slice(0, 40)}"`);
    return found;
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
  r.get(
    '/api/ui/icons/:set',
    {
      onRequest: core.guards.requireUser,
      schema: {
        tags: ['icons'],
        summary: `An icon set: namespace, name, grid and the icons’ names (${ICON_SETS.join(', ')})`,
        params: ZIconSetParam,
        response: { 200: ZIconSet, ...errors },
      },
    },
    async (req, reply) => {
      const { set } = setOf(req.params.set);
      // The same for everyone and for the server's life: the browser may keep it a day.
      reply.header('cache-control', 'private, max-age=86400');
      return set;
    },
  );
  r.get(
    '/api/ui/icons/:set/svg',
    {
      onRequest: core.guards.requireUser,
      schema: {
        tags: ['icons'],
        summary: `The drawings (SVG body, width, height) of up to ${MAX_ICON_DRAWINGS} icons of a set, names comma-separated; unknown names are left out`,
        params: ZIconSetParam,
        querystring: ZIconDrawingsQuery,
        response: { 200: ZIconDrawings, ...errors },
      },
    },
    async (req, reply) => {
      const loaded = setOf(req.params.set);
      const names = [
        ...new Set(
          req.query.names
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean),
        ),
      ];
      if (names.length > MAX_ICON_DRAWINGS)
        throw validation(`Ask for at most ${MAX_ICON_DRAWINGS} icons`, [{ path: 'names', message: `At most ${MAX_ICON_DRAWINGS}` }]);
      const icons: Record<string, IconDrawing> = {};
      for (const name of names) {
        const d = loaded.draw(name);
        if (d) icons[name] = d;
      }
      reply.header('cache-control', 'private, max-age=86400');
      return { icons };
    },
  );
}
