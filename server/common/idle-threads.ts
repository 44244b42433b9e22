import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { promisify } from 'node:util';

/** A thread's nice value where SCHED_IDLE cannot be had. */
const FALLBACK_NICE = 10;

/**
 * Lowers one thread of this process (its Linux thread id) to SCHED_IDLE with util-linux's `chrt`: it then runs on
 * what the API's thread and the database leave and gives way the moment they wake. A nice value alone let such a
 * thread run out its time slice first under the kernel's EEVDF scheduler (measured: the lookups' p99 paid for it).
 * Where `chrt` is missing or refused, nice 10 (on Linux a nice value is a thread's own). Never fails.
 */
export async function lowerThreadToIdle(threadId: string): Promise<void> {
  try {
    await promisify(execFile)('chrt', ['--idle', '--pid', '0', threadId], { timeout: 5_000 });
  } catch {
    try {
      setPriority(Number(threadId), FALLBACK_NICE);
    } catch {
      // Refused (a sandbox): the thread runs at the process's priority.
    }
  }
}

/** Threads already lowered, by thread id: each is asked for once. */
const lowered = new Set<string>();

/**
 * Lowers every thread of this process named `name` (its `comm` in /proc) that is not lowered yet: for the threads a
 * native library starts on its own, such as libvips' workers. Linux only; elsewhere nothing is changed.
 */
export async function lowerThreadsNamedToIdle(name: string): Promise<void> {
  if (process.platform !== 'linux') return;
  let threads: string[];
  try {
    threads = await readdir('/proc/self/task');
  } catch {
    return;
  }
  for (const thread of threads) {
    if (lowered.has(thread)) continue;
    const comm = await readFile(`/proc/self/task/${thread}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== name) continue;
    lowered.add(thread);
    await lowerThreadToIdle(thread);
  }
}
