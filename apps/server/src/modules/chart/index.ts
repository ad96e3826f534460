import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { chartRoutes } from './chart.routes.js';
import { ChartService } from './chart.service.js';

/** The chart of categories and the mileage rates. */
export default async function chartArea(app: FastifyInstance, { core }: AreaOptions) {
  chartRoutes(app, new ChartService(core.db), core.guards);
}
