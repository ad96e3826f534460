import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { accountExportJob } from '../account/account-export.js';
import { yearEndJob } from '../reports/year-end.js';
import { jobRoutes } from './jobs.routes.js';
import { failInterruptedJobs } from './jobs.repository.js';

/** Long work off the request (the year-end package, an owner's export; the books register the import's), with its progress kept in the database. */
export default async function jobsArea(app: FastifyInstance, { core }: AreaOptions) {
  core.jobs.register('year_end', yearEndJob(core.db, core.config.dataDir));
  core.jobs.register('account_export', accountExportJob(core.db, core.config.dataDir));
  await failInterruptedJobs(core.db);
  jobRoutes(app, core.db, core.jobs, core.guards);
}
