import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { backupRoutes } from './backup.routes.js';

// The command line's backup and restore run these outside the server.
export { backupCommand, CommandError, restoreCommand, type Target } from './commands.js';

/** Backups of the whole instance: the administrators' download (the command line shares its services). */
export default async function backupArea(app: FastifyInstance, { core }: AreaOptions) {
  backupRoutes(app, core.database, core.config.dataDir, core.guards, core.auth);
}
