import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { accountExportJob } from '../account/account-export.js';
import { yearEndJob } from '../reports/year-end.js';
import { JobRunner } from './job-runner.js';
import { jobRoutes } from './jobs.routes.js';
import { failInterruptedJobs } from './jobs.repository.js';

/** Long work off the request (the year-end package, an owner's export), with its progress kept in the database. */
export default async function jobsArea(app: FastifyInstance, { core }: AreaOptions) {
  const runner = new JobRunner(core.db, core.config.dataDir, app.log);
  runner.register('year_end', yearEndJob(core.db, core.config.dataDir));
  runner.register('account_export', accountExportJob(core.db, core.config.dataDir));
  await failInterruptedJobs(core.db);
  app.addHook('onClose', () => runner.drain());
  jobRoutes(app, core.db, runner, core.guards);
}
