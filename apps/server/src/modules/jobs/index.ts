import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { jobRoutes } from './jobs.routes.js';
import { failInterruptedJobs } from './jobs.repository.js';
import { runEvery } from './interval-scheduler.js';
import { EMBEDDED_MAINTENANCE_MS, maintainEmbedded } from '../../db/maintenance.js';

export { JobRunner, jobOut, type JobContext, type JobHandler } from './job-runner.js';
// The areas' own rounds of work on a timer (the recurring entries, the planning reminders).
export { IntervalScheduler, runEvery } from './interval-scheduler.js';

/** Long work off the request, with its progress kept in the database; each area registers its own kinds on `core.jobs` (the reports the year-end package, the account the export, the books the import). */
export default async function jobsArea(app: FastifyInstance, { core }: AreaOptions) {
  await failInterruptedJobs(core.db);
  jobRoutes(app, core.db, core.jobs, core.guards, core.auth);
  // The embedded database's vacuum and analyze, which PostgreSQL's own autovacuum does for a server;
  // not at start (a restart is not a reason to vacuum), every few minutes after.
  if (app.database.kind === 'pglite')
    runEvery(app, 'embedded database maintenance', EMBEDDED_MAINTENANCE_MS, () => maintainEmbedded(core.db), { atStart: false });
}
