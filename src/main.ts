import { buildApp } from './app';
import type { Config } from './config';

/** Serves the API until SIGINT/SIGTERM, then drains in-flight requests and closes the database. */
export async function serve(config: Config): Promise<void> {
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.server.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.server.listen({ port: config.port, host: config.host });
  app.server.log.info(
    { database: app.store.dialect, rateLimit: config.redisUrl ? 'redis' : 'memory' },
    `Tollgate listening on http://${config.host}:${config.port} (docs at /docs)`,
  );
}
