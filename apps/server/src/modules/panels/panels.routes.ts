import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZIdQuery,
  ZMessageCreateBody,
  ZMessageToggleBody,
  ZMessageUpdateBody,
  ZNotificationCreateBody,
  ZNotificationToggleBody,
  ZNotificationUpdateBody,
  ZPanelItem,
  ZPanelItemList,
  ZShortcut,
  ZShortcutCreateBody,
  ZShortcutList,
  ZShortcutUpdateBody,
} from '@cuadre/contracts';
import { z } from 'zod/mini';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PanelsService } from './panels.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const ZTrue = z.literal(true);
/** The item of a panel call's payload: `{ message }` or `{ notification }` (with or without an id beside it). */
const payload = <T>(body: { message: T } | { notification: T }): T => ('message' in body ? body.message : body.notification);

/** The calls of the messages and notifications panels, word for word (docs/product.md, "The shell's calls"), and the shortcuts'. */
export function panelRoutes(app: FastifyInstance, panels: PanelsService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['panels'];
  const opts = { onRequest: guards.requireUser };

  const boxes = [
    { path: 'messages', box: 'message', create: ZMessageCreateBody, update: ZMessageUpdateBody, toggle: ZMessageToggleBody },
    {
      path: 'notifications',
      box: 'notification',
      create: ZNotificationCreateBody,
      update: ZNotificationUpdateBody,
      toggle: ZNotificationToggleBody,
    },
  ] as const;
  for (const b of boxes) {
    const url = `/api/common/${b.path}`;
    r.get(url, { ...opts, schema: { tags, summary: `All ${b.path}, newest first`, response: { 200: ZPanelItemList, ...errors } } }, (req) =>
      panels.list(authOf(req), b.box),
    );
    r.post(url, { ...opts, schema: { tags, summary: `Add one of my ${b.path}`, body: b.create, response: { 200: ZPanelItem, ...errors } } }, (req) =>
      panels.create(authOf(req), b.box, payload(req.body)),
    );
    r.patch(
      url,
      { ...opts, schema: { tags, summary: `Change one of my ${b.path} (read, title, …)`, body: b.update, response: { 200: ZPanelItem, ...errors } } },
      (req) => panels.update(authOf(req), b.box, req.body.id, payload(req.body)),
    );
    r.delete(url, { ...opts, schema: { tags, summary: `Remove one of my ${b.path}`, querystring: ZIdQuery, response: { 200: ZTrue, ...errors } } }, (req) =>
      panels.remove(authOf(req), b.box, req.query.id),
    );
    r.get(`${url}/mark-all-as-read`, { ...opts, schema: { tags, summary: `Mark all my ${b.path} read`, response: { 200: ZTrue, ...errors } } }, (req) =>
      panels.markAllRead(authOf(req), b.box),
    );
    r.post(
      `${url}/toggle-read-status`,
      { ...opts, schema: { tags, summary: 'Flip the read flag of one (or set it to `read`)', body: b.toggle, response: { 200: ZPanelItem, ...errors } } },
      (req) => panels.toggle(authOf(req), b.box, payload(req.body)),
    );
  }

  r.get('/api/common/shortcuts', { ...opts, schema: { tags, summary: 'My shortcuts', response: { 200: ZShortcutList, ...errors } } }, (req) =>
    panels.shortcuts(authOf(req)),
  );
  r.post(
    '/api/common/shortcuts',
    { ...opts, schema: { tags, summary: 'Add a shortcut', body: ZShortcutCreateBody, response: { 200: ZShortcut, ...errors } } },
    (req) => panels.addShortcut(authOf(req), req.body.shortcut),
  );
  r.patch(
    '/api/common/shortcuts',
    { ...opts, schema: { tags, summary: 'Change a shortcut', body: ZShortcutUpdateBody, response: { 200: ZShortcut, ...errors } } },
    (req) => panels.updateShortcut(authOf(req), req.body.id, req.body.shortcut),
  );
  r.delete(
    '/api/common/shortcuts',
    { ...opts, schema: { tags, summary: 'Remove a shortcut', querystring: ZIdQuery, response: { 200: ZTrue, ...errors } } },
    (req) => panels.removeShortcut(authOf(req), req.query.id),
  );
}
