import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux for every architecture we run on). */
const TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far, user + system, in ms (Linux /proc; 10 ms resolution). */
export function cpuMillisecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: count the fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5), utime and stime: the 12th and 13th after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
