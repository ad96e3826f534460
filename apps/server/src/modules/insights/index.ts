import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { insightsRoutes } from './insights.routes.js';
import { InsightsService } from './insights.service.js';

/** Insights: the analytics and crypto dashboards and the account's activities (spec 001 §3 "Dashboards", "Activity item"). */
export default async function insightsArea(app: FastifyInstance, { core }: AreaOptions) {
  insightsRoutes(app, new InsightsService(core.db), core.guards);
}
