// npm test's step before it runs a set of test files: `node scripts/bundle-tests.mjs <name> <file>…`
// bundles the files given (paths from the repository root) into one directory named after <name>
// and prints each bundle's path, one a line, in the same order (scripts/bundle.mjs).
import { bundleTests } from './bundle.mjs';

const [name, ...files] = process.argv.slice(2);
for (const file of await bundleTests(files, name)) process.stdout.write(`${file}\n`);
