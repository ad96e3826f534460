import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PeriodsService } from '../books/periods.service.js';
import { reportRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

/** The reports (profit and loss, annual total) and their files; the per-year tax rules. */
export default async function reportsArea(app: FastifyInstance, { core }: AreaOptions) {
  reportRoutes(app, { db: core.db, reports: new ReportsService(core.db), periods: new PeriodsService(core.db) }, core.guards);
}
