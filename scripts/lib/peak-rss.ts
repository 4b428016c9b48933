/** Samples a child process's peak resident memory (VmHWM in /proc, Linux) for the benchmark scripts. */
import { readFileSync } from 'node:fs';

/** Starts sampling `pid` every 50 ms; `peakMb()` is the highest VmHWM seen, `stop()` ends the sampling. */
export function samplePeakRss(pid: number | undefined): { peakMb: () => number; stop: () => void } {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      // The process has just exited.
    }
  }, 50);
  return { peakMb: () => peak, stop: () => clearInterval(timer) };
}
