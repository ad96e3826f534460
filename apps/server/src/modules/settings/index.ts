import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { UsersRepository } from '../users/index.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

/** `/api/settings`: the business section and the preferences. */
export default async function settingsArea(app: FastifyInstance, { core }: AreaOptions) {
  settingsRoutes(app, new SettingsService(new UsersRepository(core.db)), core.guards);
}
