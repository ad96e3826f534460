import type { WebSocket } from 'ws';
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
import type { Authenticated } from '../auth/index.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PanelsService } from './panels.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const ZTrue = z.literal(true);
/** The item of a panel call's payload: `{ message }` or `{ notification }` (with or without an id beside it). */
const payload = <T>(body: { message: T } | { notification: T }): T => ('message' in body ? body.message : body.notification);
/** A ping keeps proxies from closing a quiet socket. */
const HEARTBEAT_MS = 25_000;
/** The first message (the token) must come this soon. */
const AUTH_WITHIN_MS = 10_000;
const ZSocketHello = z.object({ token: z.string().check(z.maxLength(4096)) });

/** The calls of the messages and notifications panels, word for word (docs/product.md, "The shell's calls"), and the shortcuts'. */
export function panelRoutes(
  app: FastifyInstance,
  panels: PanelsService,
  events: EventBus,
  guards: Guards,
  authenticate: (token: string) => Promise<Authenticated>,
) {
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

  // The live channel: a WebSocket. A browser cannot put the bearer token in its headers, so the
  // first message carries it; nothing is sent to a socket before that message proves a live session.
  // (A socket, unlike a long request, leaves the page's network idle.)
  const open = new Set<WebSocket>();
  app.addHook('preClose', async () => {
    for (const socket of open) socket.close(1001, 'server stopping');
  });
  app.get('/api/common/events', { websocket: true, schema: { hide: true } }, (socket) => {
    open.add(socket);
    let off: (() => void) | undefined;
    const beat = setInterval(() => socket.ping(), HEARTBEAT_MS);
    const deadline = setTimeout(() => socket.close(4401, 'Sign in to continue'), AUTH_WITHIN_MS);
    const hello = async (raw: unknown) => {
      clearTimeout(deadline);
      try {
        const first = ZSocketHello.parse(JSON.parse(String(raw)));
        const auth = await authenticate(first.token);
        // Closed while the session was being checked: nothing to subscribe.
        if (socket.readyState !== socket.OPEN) return;
        off = events.subscribe(auth.user.id, (event) => socket.send(JSON.stringify(event)));
        socket.send(JSON.stringify({ type: 'hello' }));
      } catch {
        socket.close(4401, 'Sign in to continue');
      }
    };
    socket.once('message', (raw) => void hello(raw));
    socket.on('close', () => {
      off?.();
      clearInterval(beat);
      clearTimeout(deadline);
      open.delete(socket);
    });
  });
}
