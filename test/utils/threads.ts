import { readdirSync, readFileSync } from 'node:fs';
import { procStatField } from './proc-stat.js';

/** Linux's scheduling policies, as `/proc/<pid>/task/<tid>/stat` gives them (its 41st field). */
export const SCHED_NORMAL = 0;
export const SCHED_IDLE = 5;

/** This process's threads: id, name (`comm`) and scheduling policy; a thread that ended meanwhile is left out. */
export function threadsOfThisProcess(): { id: string; name: string; policy: number }[] {
  return readdirSync('/proc/self/task').flatMap((id) => {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      const name = readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
      const policy = Number(procStatField(stat, 41));
      return [{ id, name, policy }];
    } catch {
      return [];
    }
  });
}
