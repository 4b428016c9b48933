/** Samples a child process's peak resident memory and CPU time (/proc, Linux) for the benchmark scripts. */
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: the unit of utime and stime in /proc/PID/stat (`getconf CLK_TCK`, 100 on every usual kernel). */
const CLOCK_TICKS = 100;

/**
 * Starts sampling `pid` every 50 ms; `peakMb()` is the highest VmHWM seen, `cpuSecs()` the user +
 * system CPU seconds at the last sample (up to 50 ms short of the total), `stop()` ends the sampling.
 */
export function samplePeakRss(pid: number | undefined): { peakMb: () => number; cpuSecs: () => number; stop: () => void } {
  let peak = 0;
  let cpu = 0;
  const timer = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      // Fields after the command name (which may hold spaces) start at state: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu = (Number(f[11]) + Number(f[12])) / CLOCK_TICKS;
    } catch {
      // The process has just exited.
    }
  }, 50);
  return { peakMb: () => peak, cpuSecs: () => cpu, stop: () => clearInterval(timer) };
}
