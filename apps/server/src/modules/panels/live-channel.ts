import type { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { EventBus } from '../../lib/events.js';
import { AppError } from '../../lib/errors.js';
import type { Sessions } from '../auth/index.js';

/** A ping keeps proxies from closing a quiet socket; each beat also checks the session is still live. */
const HEARTBEAT_MS = 25_000;
/** The first message (the token) must come this soon. */
const AUTH_WITHIN_MS = 10_000;
/** setTimeout's longest wait; a session that ends later is caught by the heartbeats until then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const ZSocketHello = z.object({ token: z.string().check(z.maxLength(4096)) });

/** What ends a socket whose session has ended: the web app then stops trying and its next call signs out. */
const SESSION_ENDED = [4401, 'Sign in to continue'] as const;

interface Live {
  socket: WebSocket;
  token: string;
  /** Closes the socket when the session's time is up, should nothing else end it first. */
  expiry: ReturnType<typeof setTimeout>;
}

/**
 * The live channel: a WebSocket. A browser cannot put the bearer token in its headers, so the first
 * message carries it; nothing is sent to a socket before that message proves a live session.
 * (A socket, unlike a long request, leaves the page's network idle.)
 *
 * A socket lives no longer than its session (docs/product.md, "The shell's calls", after the table): it is closed with 4401
 * when the session is signed out or revoked, when the user's password changes or the account is
 * disabled or removed, and when the session's time runs out. Every such change is announced on the
 * session cache's channel, which reaches every process (Redis); each process then checks the
 * sessions of that user's sockets it holds, and closes those that ended. Each heartbeat checks again,
 * in case an announcement was lost (Redis away).
 */
export function liveChannel(app: FastifyInstance, events: EventBus, sessions: Sessions) {
  const open = new Set<WebSocket>();
  /** The signed-in sockets of this process, by user. */
  const byUser = new Map<string, Set<Live>>();
  /** Sockets whose first message is being checked: a change meanwhile is checked again once they are in `byUser`. */
  const arriving = new Set<{ changed: boolean }>();

  /** Closes the socket if its session has ended; keeps it while the database cannot say (an outage is not a sign-out). */
  const check = async (live: Live) => {
    try {
      await sessions.authenticate(live.token, { touch: false });
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 401) live.socket.close(...SESSION_ENDED);
    }
  };
  const checkUser = (userId: string | undefined) => {
    for (const hello of arriving) hello.changed = true;
    const targets = userId === undefined ? [...byUser.values()] : [byUser.get(userId)];
    for (const set of targets) for (const live of set ?? []) void check(live);
  };
  const unwatch = sessions.watch(checkUser);

  app.addHook('preClose', async () => {
    unwatch();
    for (const socket of open) socket.close(1001, 'server stopping');
  });

  app.get('/api/common/events', { websocket: true, schema: { hide: true } }, (socket) => {
    open.add(socket);
    let off: (() => void) | undefined;
    let live: Live | undefined;
    let userId = '';
    const beat = setInterval(() => {
      socket.ping();
      if (live) void check(live);
    }, HEARTBEAT_MS);
    const deadline = setTimeout(() => socket.close(...SESSION_ENDED), AUTH_WITHIN_MS);
    const hello = async (raw: unknown) => {
      clearTimeout(deadline);
      const arrival = { changed: false };
      arriving.add(arrival);
      try {
        const first = ZSocketHello.parse(JSON.parse(String(raw)));
        const auth = await sessions.authenticate(first.token);
        // Closed while the session was being checked: nothing to subscribe.
        if (socket.readyState !== socket.OPEN) return;
        userId = auth.user.id;
        const left = auth.session.expiresAt.getTime() - Date.now();
        live = { socket, token: first.token, expiry: setTimeout(() => socket.close(...SESSION_ENDED), Math.min(Math.max(left, 0), MAX_TIMER_MS)) };
        let mine = byUser.get(userId);
        if (!mine) byUser.set(userId, (mine = new Set()));
        mine.add(live);
        off = events.subscribe(userId, (event) => socket.send(JSON.stringify(event)));
        socket.send(JSON.stringify({ type: 'hello' }));
        // A sign-out that landed while the token was being checked was not seen by `checkUser`.
        if (arrival.changed) void check(live);
      } catch {
        socket.close(...SESSION_ENDED);
      } finally {
        arriving.delete(arrival);
      }
    };
    socket.once('message', (raw) => void hello(raw));
    socket.on('close', () => {
      off?.();
      clearInterval(beat);
      clearTimeout(deadline);
      open.delete(socket);
      if (live) {
        clearTimeout(live.expiry);
        const mine = byUser.get(userId);
        mine?.delete(live);
        if (mine?.size === 0) byUser.delete(userId);
      }
    });
  });
}
