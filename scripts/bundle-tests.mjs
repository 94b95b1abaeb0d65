// npm test's step before the database runs: bundles the test files given (paths from the
// repository root) and prints each bundle's path, one a line, in the same order (scripts/bundle.mjs).
import { bundleTests } from './bundle.mjs';

for (const file of await bundleTests(process.argv.slice(2))) process.stdout.write(`${file}\n`);
