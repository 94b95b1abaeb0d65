import fs from 'node:fs';

/**
 * Chromium's main processes launched with `marker` among their arguments (the pool tags each
 * browser it launches), found in /proc. Playwright does not tell a launched browser's pid; this is
 * how the pool checks that none of its browsers outlives it, and how tests kill one mid-call.
 * Empty where /proc does not exist.
 */
export function processIdsWithArgument(marker: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let commandLine: string;
    try {
      commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    const argumentsList = commandLine.split('\0');
    // Chromium's helpers (renderers, the GPU and network services) carry --type=; the browser does not.
    if (argumentsList.includes(marker) && !argumentsList.some((argument) => argument.startsWith('--type='))) found.push(Number(entry));
  }
  return found;
}

/** Whether a process is still there (a zombie not yet reaped counts as gone). */
export function processIsRunning(pid: number): boolean {
  try {
    const status = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the parenthesised command name: Z is a zombie, X a dead process.
    const state = status.slice(status.lastIndexOf(')') + 2, status.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
