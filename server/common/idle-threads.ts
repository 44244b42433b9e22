import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * Each thread to SCHED_IDLE with util-linux's `chrt`, or to nice 10 with `renice` where that is refused (on Linux a
 * nice value is a thread's own). One small shell runs them all: the server forks once, however many threads.
 */
const LOWER_EACH = `for thread in "$@"; do
  chrt --idle --pid 0 "$thread" 2>/dev/null || renice -n 10 -p "$thread" >/dev/null 2>&1
done`;

/**
 * Lowers threads of this process (their Linux thread ids) to SCHED_IDLE: they then run on what the API's thread and
 * the database leave and give way the moment those wake. A nice value alone let such a thread run out its time slice
 * first under the kernel's EEVDF scheduler (measured: the lookups' p99 paid for it). Linux only; never fails (a
 * sandbox that refuses both leaves the threads at the process's priority).
 */
export async function lowerThreadsToIdle(threadIds: readonly string[]): Promise<void> {
  if (process.platform !== 'linux' || threadIds.length === 0) return;
  await promisify(execFile)('sh', ['-c', LOWER_EACH, 'sh', ...threadIds], { timeout: 10_000 }).catch(() => undefined);
}

/** This process's threads named `name` (their `comm` in /proc), such as the threads a native library starts. */
export function threadsNamed(name: string): string[] {
  if (process.platform !== 'linux') return [];
  try {
    return readdirSync('/proc/self/task').filter((thread) => {
      try {
        return readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').trim() === name;
      } catch {
        return false; // ended meanwhile
      }
    });
  } catch {
    return [];
  }
}
