import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParam, ZVehicleMethod, ZVehicleMethodBody, ZVehicleMethodList, ZVehicleYearParam } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import { bookErrors as errors } from '../../lib/errors.js';
import type { VehicleMethodsService } from './vehicle-methods.service.js';

/** A vehicle's method per tax year, under the vehicles registry: `/api/vehicles/:id/methods[/:year]`. */
export function vehicleMethodRoutes(app: FastifyInstance, methods: VehicleMethodsService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const tags = ['registries'];
  r.get(
    '/api/vehicles/:id/methods',
    {
      ...opts,
      schema: {
        tags,
        summary: 'A vehicle’s method per tax year, for every year it has a method, trips or expenses in (newest first)',
        params: ZIdParam,
        response: { 200: ZVehicleMethodList, ...errors },
      },
    },
    (req) => methods.list(authOf(req), req.params.id),
  );
  r.get(
    '/api/vehicles/:id/methods/:year',
    {
      ...opts,
      schema: {
        tags,
        summary: 'A vehicle’s method for a tax year (standard mileage unless chosen), its readings, business miles and share',
        params: ZVehicleYearParam,
        response: { 200: ZVehicleMethod, ...errors },
      },
    },
    (req) => methods.get(authOf(req), req.params.id, req.params.year),
  );
  r.put(
    '/api/vehicles/:id/methods/:year',
    {
      ...opts,
      schema: {
        tags,
        summary:
          'Choose a vehicle’s method for a tax year: standard mileage, or actual expenses (which need the year’s odometer readings or miles); 409 PERIOD_CLOSED once the year is closed',
        params: ZVehicleYearParam,
        body: ZVehicleMethodBody,
        response: { 200: ZVehicleMethod, ...errors },
      },
    },
    (req) => methods.set(authOf(req), req.params.id, req.params.year, req.body),
  );
}
