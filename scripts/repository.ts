import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's root: the nearest directory above this module that holds a package.json, outside
 * node_modules. Found rather than counted in `..`s from here, because a test that imports this
 * module (or a script that does) may run bundled, from a build under node_modules/.cache
 * (scripts/bundle.mjs).
 */
export const REPOSITORY = repositoryAbove(import.meta.dirname);

function repositoryAbove(start: string): string {
  for (let directory = start; ; directory = path.dirname(directory)) {
    if (!directory.split(path.sep).includes('node_modules') && fs.existsSync(path.join(directory, 'package.json'))) return directory;
    if (path.dirname(directory) === directory) throw new Error(`no repository above ${start}`);
  }
}
