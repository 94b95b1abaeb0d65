import { buildApp } from './app';
import { portInUse } from './lifecycle/port-in-use';
import { unreachableLinks, type Config } from './config';
import { preloadTokenizer } from './chat/tokens';

/**
 * Serves the API until SIGINT/SIGTERM, then shuts down gracefully (`App.shutdown`) and exits 0
 * within `TOLLGATE_SHUTDOWN_GRACE_MS`. A server that cannot listen (its port taken) closes what it
 * started and fails: the CLI exits 1. A second signal, or a shutdown that overruns its grace
 * period, ends the process at once; holds left open then are released by any instance's
 * reconciler when their leases expire.
 */
export async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  const log = app.server.log;
  for (const warning of config.unrecognisedSettings) log.warn(warning);
  const shutdown = async (signal: string) => {
    const overrun = setTimeout(() => {
      log.error({ signal, graceMs: config.shutdownGraceMs }, 'shutdown overran its grace period; exiting now');
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    try {
      await app.shutdown(config.shutdownGraceMs);
      clearTimeout(overrun);
      log.info({ signal }, 'shut down');
      process.exit(0);
    } catch (error) {
      log.error({ err: error, signal }, 'shutdown failed');
      process.exit(1);
    }
  };
  // The first signal drains; a second one ends the process at once, failing (exit 1, not the
  // default handler's 128 + signal).
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal during shutdown; exiting now');
      process.exit(1);
    }
    stopping = true;
    void shutdown(signal);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  // Chat counts prompt tokens on every call: its tables are built now, not during the first one.
  preloadTokenizer();
  let address: string;
  try {
    // The address it listens at, as bound: the port chosen when PORT is 0.
    address = await app.server.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The port is taken, say: nothing may run without the server it belongs to (its media
    // workers would go on claiming jobs, its reconciler settling holds). Close it all, then fail
    // (the CLI says why, naming the setting); the log says first why it drains.
    const code = (error as { code?: unknown }).code;
    log.error({ err: error, host: config.host, port: config.port }, code === 'EADDRINUSE' ? `${portInUse(config)}; closing what started` : `cannot listen on HOST ${config.host}, PORT ${config.port}; closing what started`);
    await app.shutdown(config.shutdownGraceMs);
    throw error;
  }
  log.info(
    { database: app.store.dialect, rateLimit: config.redisUrl ? 'redis' : 'memory' },
    `Tollgate listening on ${address} (docs at /docs)`,
  );
  const unreachable = unreachableLinks(config);
  if (unreachable) log.warn({ host: config.host }, unreachable);
}
