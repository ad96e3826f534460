import type { ServerResponse } from 'node:http';
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
import type { EventBus } from '../../lib/events.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PanelsService } from './panels.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const ZTrue = z.literal(true);
/** The item of a spec payload: `{ message }` or `{ notification }` (with or without an id beside it). */
const payload = <T>(body: { message: T } | { notification: T }): T => ('message' in body ? body.message : body.notification);
/** A comment line keeps proxies and the browser from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/** The spec's calls for the messages and notifications panels (section 7), word for word, and the shortcuts'. */
export function panelRoutes(app: FastifyInstance, panels: PanelsService, events: EventBus, guards: Guards) {
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

  // The live channel: server-sent events, read with fetch (it sends the bearer token, EventSource cannot).
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  r.get(
    '/api/common/events',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Server-sent events: `data: {"type":"panels"}` when my messages or notifications change',
        produces: ['text/event-stream'],
        response: { 401: ZApiError },
      },
    },
    (req, reply) => {
      const userId = authOf(req).user.id;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      res.write(`data: ${JSON.stringify({ type: 'hello' })}\n\n`);
      open.add(res);
      const off = events.subscribe(userId, (type) => res.write(`data: ${JSON.stringify({ type })}\n\n`));
      const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      res.on('close', () => {
        off();
        clearInterval(beat);
        open.delete(res);
      });
    },
  );
}
