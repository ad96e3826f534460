import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { UsersRepository } from '../users/index.js';
import { commonRoutes } from './common.routes.js';
import { CommonService } from './common.service.js';

/** The signed-in user, the navigation and the avatar. */
export default async function commonArea(app: FastifyInstance, { core }: AreaOptions) {
  commonRoutes(app, new CommonService(new UsersRepository(core.db)), core.guards, core.pictures);
}
