import { readFileSync } from 'node:fs';

/** Resident memory of a process (Linux /proc). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * Samples a process's resident memory every 20 ms while an operation runs; `stop()` gives the peak
 * growth over the memory it had when sampling began, in bytes.
 */
export function samplePeakGrowth(pid: number, intervalMs = 20): { stop(): number } {
  const before = residentBytes(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), intervalMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, residentBytes(pid));
      return peak - before;
    },
  };
}

export const MB = 1024 * 1024;
