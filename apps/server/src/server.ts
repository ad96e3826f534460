import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { describeTarget, StartupError } from './db/client.js';
import { releaseMemoryWhenIdle } from './lib/idle-memory.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  // Each phase said as it starts: a first start makes its database, which takes a few seconds.
  console.log(databasePhase(config));
  let app;
  try {
    app = await buildApp(config, { onWait: (line) => console.log(line) });
  } catch (err) {
    if (err instanceof StartupError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  console.log('Starting the server…');
  const address = await app.listen({ port: config.port, host: config.host });
  // What the start left behind goes back to the system once the server is idle (lib/idle-memory.ts).
  const stopReleasing = releaseMemoryWhenIdle(app.server);
  const url = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
  const lines = [
    '',
    `  Cuadre is running at ${url}  (${app.database.kind === 'postgres' ? 'PostgreSQL' : config.databaseUrl ? 'PGlite in memory' : `PGlite in ${config.dataDir}`}, ready in ${Math.round(performance.now() - started)} ms)`,
  ];
  const created = app.bootstrapResult.createdAdmin;
  if (created?.generatedPassword) {
    lines.push(
      `  Administrator created: ${created.email} / ${created.generatedPassword}`,
      '  This password is shown only once: sign in and change it in Profile.',
    );
  } else if (created) {
    lines.push(`  Administrator created: ${created.email} (password from ADMIN_PASSWORD)`);
  } else if (app.bootstrapResult.restoredAdmin) {
    const r = app.bootstrapResult.restoredAdmin;
    lines.push(`  Administrator ${r.email} was disabled and is enabled again${r.passwordSet ? ', with the password from ADMIN_PASSWORD' : ''}.`);
  } else {
    lines.push(`  Sign in at ${url}/sign-in with your administrator account (ADMIN_EMAIL), or sign up as an owner.`);
  }
  if (!config.webDist) lines.push('  The web app is not built: run `npm start` from the repository root to build and serve it.');
  if (!config.smtpUrl) lines.push('  No SMTP_URL: mails (confirmation, password reset) are kept in the outbox and printed in the log.');
  // The links in mails are built from PUBLIC_URL: unset, they name localhost, which a phone or another
  // computer that signed up over the network cannot open.
  if (!process.env.PUBLIC_URL?.trim()) {
    const reachable = config.host === '127.0.0.1' || config.host === 'localhost' ? ' (with HOST=0.0.0.0 to serve the network)' : '';
    lines.push(
      `  Links in mails point to ${config.publicUrl} (PUBLIC_URL is not set). For people who use Cuadre from another device,`,
      `  set PUBLIC_URL to the address they open, e.g. PUBLIC_URL=http://${networkAddress() ?? 'this-machine'}:${config.port}${reachable}.`,
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    stopReleasing();
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** What opening the database will do, in words. */
function databasePhase(config: Config): string {
  if (config.databaseUrl?.startsWith('memory://')) return 'Opening a database in memory…';
  if (config.databaseUrl) return `Connecting to PostgreSQL at ${describeTarget(config.databaseUrl)} and migrating the database…`;
  const dir = path.join(config.dataDir, 'pglite');
  return existsSync(path.join(dir, 'PG_VERSION'))
    ? `Opening the embedded database in ${dir} and migrating it…`
    : `Creating the embedded database in ${dir} and migrating it (first start, a few seconds)…`;
}

/** This machine's first address on a network (IPv4, not loopback), the one a phone on the same network would open. */
function networkAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

main().catch((err) => {
  console.error('Cuadre failed to start:', err);
  process.exit(1);
});
