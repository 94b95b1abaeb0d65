import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from '../core/once';

/**
 * Tollgate's version, from its package.json found above this module (src/ run from source, or a
 * bundle under node_modules/.cache): what /health and `tollgate_build_info` say is running.
 */
export const tollgateVersion = once((): string => {
  for (let directory = path.dirname(fileURLToPath(import.meta.url)); ; directory = path.dirname(directory)) {
    const file = path.join(directory, 'package.json');
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'tollgate' && manifest.version) return manifest.version;
    }
    if (path.dirname(directory) === directory) return 'unknown';
  }
});
