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

/**
 * The host's CPU pressure so far: microseconds in which some runnable task waited for a core (Linux PSI,
 * /proc/pressure/cpu, `some total`), or null where the kernel does not keep it. Its growth over a span, divided by the
 * span, is the share of that span in which something waited: unlike the load average, it follows the last second.
 */
export function cpuStallMicroseconds(): number | null {
  try {
    const total = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1];
    return total === undefined ? null : Number(total);
  } catch {
    return null;
  }
}
