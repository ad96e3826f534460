#!/usr/bin/env node
// `npm start`: builds the web app and the server where their sources changed, then runs the
// compiled server in this same process (no tsx, no second node). A web app served from elsewhere
// (WEB_DIST) is not built here.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale } from './build.mjs';

try {
  await buildStale(process.env.WEB_DIST?.trim() ? ['server'] : undefined);
} catch (err) {
  console.error(`Cuadre could not be built: ${err.message}`);
  process.exit(1);
}

// npm runs a script through a shell and passes SIGTERM and SIGINT on to that shell only; the shell
// (dash here) neither passes them on nor, for SIGINT, dies of them, so a process manager stopping
// `npm start` left this server running, orphaned, holding the port and the data folder. The script
// is therefore `exec node scripts/start.mjs`: the shell becomes this process, which gets the signals
// itself. And while npm runs it, the server lives no longer than npm: should npm be killed outright
// (SIGKILL, a process manager's last word), this process is handed to another parent, and it stops
// as on SIGTERM. Run directly (`node scripts/start.mjs`, the README's production start) nothing is
// watched, so a server started in the background outlives the shell that started it.
if (process.env.npm_lifecycle_event === 'start') {
  const launcher = process.ppid;
  const lifeline = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(lifeline);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  lifeline.unref();
}

process.setSourceMapsEnabled(true);
// V8's compiled code of the server's modules (some 1,400 files with its packages) kept on disk between
// starts, so a restart compiles little of it again (Node 22.1 and later; elsewhere, or on a read-only
// folder, the start simply compiles everything as before).
module.enableCompileCache?.(path.resolve(import.meta.dirname, '../node_modules/.cache/node-compile-cache'));
await import(pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/dist/server.js')).href);
