import { readFileSync } from 'node:fs';
import { procStatField } from '../../utils/proc-stat.js';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux for every architecture we run on). */
const TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far, user + system, in ms (Linux /proc; 10 ms resolution). */
export function cpuMillisecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // utime and stime.
  return ((Number(procStatField(stat, 14)) + Number(procStatField(stat, 15))) * 1000) / TICKS_PER_SECOND;
}
