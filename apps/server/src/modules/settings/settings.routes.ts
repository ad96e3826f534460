import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZSettings, ZSettingsPatch } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { SettingsService } from './settings.service.js';

const errors = { 400: ZApiError, 401: ZApiError };

export function settingsRoutes(app: FastifyInstance, settings: SettingsService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  r.get(
    '/api/settings',
    { onRequest: guards.requireUser, schema: { tags, summary: 'The business and the preferences', response: { 200: ZSettings, ...errors } } },
    (req) => settings.get(authOf(req)),
  );
  r.patch(
    '/api/settings',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Change the business (name, tax id, address, currency) or the preferences',
        body: ZSettingsPatch,
        response: { 200: ZSettings, ...errors },
      },
    },
    (req) => settings.update(authOf(req), req.body),
  );
}
