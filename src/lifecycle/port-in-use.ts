import type { Config } from '../config';

/** The port asked for is taken: said naming the setting, in the server's log and by the CLI alike. */
export function portInUse(config: Pick<Config, 'host' | 'port'>): string {
  return `PORT ${config.port} is in use on ${config.host}: another process listens there (stop it, or set PORT to a free port)`;
}
