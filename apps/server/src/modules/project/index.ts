import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { projectRoutes } from './project.routes.js';
import { ProjectService } from './project.service.js';

// Tests run the dashboard on a day of their choosing.
export { ProjectService } from './project.service.js';

/** The project dashboard (issue 29): from the owner's tasks, boards, books, budgets and conversations. */
export default async function projectArea(app: FastifyInstance, { core }: AreaOptions) {
  projectRoutes(app, new ProjectService(core.db), core.guards);
}
