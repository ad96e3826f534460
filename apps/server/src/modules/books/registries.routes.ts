import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZIdParam,
  ZOk,
  ZProduct,
  ZProductBody,
  ZProductList,
  ZProductPatch,
  ZProductQuery,
  ZProvider,
  ZProviderBody,
  ZProviderList,
  ZProviderPatch,
  ZProviderQuery,
  ZVehicle,
  ZVehicleBody,
  ZVehicleList,
  ZVehiclePatch,
  ZVehicleQuery,
  ZWorker,
  ZWorkerBody,
  ZWorkerList,
  ZWorkerPatch,
  ZWorkerQuery,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { bookErrors } from '../../lib/errors.js';
import type { RegistryName } from './registries.repository.js';
import type { RegistriesService, RegistryBody } from './registries.service.js';

const SCHEMAS = {
  workers: { one: ZWorker, list: ZWorkerList, query: ZWorkerQuery, body: ZWorkerBody, patch: ZWorkerPatch, noun: 'worker' },
  providers: { one: ZProvider, list: ZProviderList, query: ZProviderQuery, body: ZProviderBody, patch: ZProviderPatch, noun: 'provider' },
  vehicles: { one: ZVehicle, list: ZVehicleList, query: ZVehicleQuery, body: ZVehicleBody, patch: ZVehiclePatch, noun: 'vehicle' },
  products: { one: ZProduct, list: ZProductList, query: ZProductQuery, body: ZProductBody, patch: ZProductPatch, noun: 'product' },
} as const;

/**
 * `/api/workers`, `/api/providers`, `/api/vehicles`, `/api/products`: the same five calls each. One
 * loop registers the four, so TypeScript cannot pair each answer with its own schema here; the
 * answers are still checked against it when they are serialised (hence the `as never` below).
 */
export function registryRoutes(app: FastifyInstance, service: RegistriesService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  for (const name of Object.keys(SCHEMAS) as RegistryName[]) {
    const s = SCHEMAS[name];
    const tags = ['registries'];
    const base = `/api/${name}`;
    r.get(
      base,
      {
        ...opts,
        ...cachedRead,
        schema: { tags, summary: `List ${name}: search, active, sort, page`, querystring: s.query, response: { 200: s.list, ...bookErrors } },
      },
      (req) => service.list(authOf(req), name, req.query) as never, // never: one loop, four schemas; checked when serialised
    );
    r.post(
      base,
      { ...opts, schema: { tags, summary: `Add a ${s.noun}`, body: s.body, response: { 201: s.one, ...bookErrors } } },
      async (req, reply) => reply.status(201).send((await service.create(authOf(req), name, req.body)) as never), // never: one loop, four schemas; checked when serialised
    );
    r.get(
      `${base}/:id`,
      { ...opts, schema: { tags, summary: `One ${s.noun}`, params: ZIdParam, response: { 200: s.one, ...bookErrors } } },
      (req) => service.get(authOf(req), name, req.params.id) as never, // never: one loop, four schemas; checked when serialised
    );
    r.patch(
      `${base}/:id`,
      {
        ...opts,
        schema: {
          tags,
          summary: `Change a ${s.noun} (active: false deactivates it)`,
          params: ZIdParam,
          body: s.patch,
          response: { 200: s.one, ...bookErrors },
        },
      },
      (req) => service.update(authOf(req), name, req.params.id, req.body as Partial<RegistryBody[typeof name]>) as never, // never: one loop, four schemas; checked when serialised
    );
    r.delete(
      `${base}/:id`,
      {
        ...opts,
        schema: {
          tags,
          summary: `Delete an unused ${s.noun} (one in use answers 409 CONFLICT: deactivate it)`,
          params: ZIdParam,
          response: { 200: ZOk, ...bookErrors },
        },
      },
      (req) => service.remove(authOf(req), name, req.params.id),
    );
  }
}
