import fs from 'node:fs';

/** Linux's USER_HZ, in which /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system) a process has used so far, ms, from /proc (Linux); 0 once it is
 * gone. Fields are counted after the command name's closing parenthesis, which may hold spaces.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
