#!/usr/bin/env node
// `npm start`: builds the web app and the server where their sources changed, then runs the
// compiled server in this same process (no tsx, no second node).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale } from './build.mjs';

try {
  await buildStale();
} catch (err) {
  console.error(`Cuadre could not be built: ${err.message}`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/dist/server.js')).href);
