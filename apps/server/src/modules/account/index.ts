import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { accountExportJob } from './account-export.js';
import { accountRoutes } from './account.routes.js';
import { AccountService } from './account.service.js';

/** The owner's own account: all their data as a file (a job of its own kind), and deleting the account. */
export default async function accountArea(app: FastifyInstance, { core }: AreaOptions) {
  const exportAll = accountExportJob(core.db, core.config.dataDir);
  core.jobs.register('account_export', exportAll);
  accountRoutes(app, { account: new AccountService(core.db, core.auth, core.config.dataDir), exportAll, auth: core.auth }, core.guards);
}
