/**
 * Process entry: reads the configuration (the secrets kept in DATA_DIR, then the
 * environment), builds the app, loads demo data on an
 * empty database when SEED_DEMO is on, listens, and shuts down gracefully on
 * SIGTERM/SIGINT (http/shutdown.ts). A configuration error, or a DATA_DIR in use
 * by another process, prints one line and exits 1. On SIGUSR2 it takes the backup
 * snapshots `npm run backup` asked for (backup/requests.ts).
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { flushLogs } from './http/log-destination.js';
import { withStoredSecrets } from './lib/data-dir-secrets.js';
import { serveBackupRequests } from './backup/requests.js';
import { pgliteOf } from './backup/snapshot.js';

async function main() {
  // A local .env file (see .env.example) fills in variables the environment lacks.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig(withStoredSecrets(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database opens (its WebAssembly compiles on other
  // threads) while the app's modules load.
  const embedded = config.databaseUrl ? undefined : openDatabase({ dataDir: config.dataDir });
  embedded?.catch(() => undefined); // awaited below, where its error stops the process
  const [{ buildApp }, { shutdown }, { seedDemoData }] = await Promise.all([
    import('./app.js'),
    import('./http/shutdown.js'),
    import('./seed/demo.js'),
  ]);
  const app = await buildApp(config, await embedded, { ownsDatabase: true });
  if (config.seedDemo) {
    const seeded = await seedDemoData(app.db, app.auth, config.publicUrl);
    if (seeded) app.log.info(`loaded demo data: ${seeded} listings`);
  }
  // `npm run backup` asks this process, the only one that may read the embedded database (backup/requests.ts).
  const pglite = config.databaseUrl || config.dataDir === 'memory://' ? undefined : pgliteOf(app.db);
  if (pglite) {
    const stop = serveBackupRequests(pglite, config.dataDir, (msg, err) => (err ? app.log.error({ err: { message: err.message } }, msg) : app.log.info(msg)));
    app.addHook('onClose', async () => stop());
  }

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: shutting down`);
      void shutdown(app, config.shutdownTimeoutMs).then((code) => {
        flushLogs();
        process.exit(code);
      });
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
