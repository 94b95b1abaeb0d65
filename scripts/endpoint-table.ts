/**
 * Prints the README's endpoint table from the registry (`npm run docs:endpoints`); a test checks
 * that the README carries exactly this table, so the two cannot drift.
 */
import { areaOf } from '../src/core/define-endpoint';
import { endpoints } from '../src/endpoints';

export function endpointTable(): string {
  const rows = [...endpoints]
    .sort((a, b) => areaOf(a).localeCompare(areaOf(b)) || a.path.localeCompare(b.path))
    .map((endpoint) => `| ${areaOf(endpoint)} | \`${endpoint.method} ${endpoint.path}\` | ${endpoint.summary} | ${endpoint.price.describe().replace(/^Cost: /, '')} |`);
  return ['| Area | Endpoint | What it does | Price |', '|---|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(endpointTable());
