import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PeriodsService } from '../books/index.js';
import { reportRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';
import { yearEndJob } from './year-end.js';

// The owner's export of everything writes the same ledger and mileage files from the same rows.
export { ledgerCsv, mileageCsv } from './ledger-files.js';
export { ReportsRepository } from './reports.repository.js';

/** The reports (profit and loss, annual total) and their files, the year-end package (a job); the per-year tax rules. */
export default async function reportsArea(app: FastifyInstance, { core }: AreaOptions) {
  core.jobs.register('year_end', yearEndJob(core.db, core.config.dataDir));
  reportRoutes(app, { db: core.db, reports: new ReportsService(core.db), periods: new PeriodsService(core.db) }, core.guards);
}
