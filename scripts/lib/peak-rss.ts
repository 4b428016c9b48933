/** Samples a child process's peak resident memory and CPU time (/proc, Linux) for the benchmark scripts. */
import { readdirSync, readFileSync } from 'node:fs';

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
      cpu = procStat(pid ?? -1).cpuSecs;
    } catch {
      // The process has just exited.
    }
  }, 50);
  return { peakMb: () => peak, cpuSecs: () => cpu, stop: () => clearInterval(timer) };
}

/** A process's parent and CPU seconds (user + system; with `reaped`, also its waited-for children's) from /proc/PID/stat. */
function procStat(pid: number, reaped = false): { ppid: number; cpuSecs: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state: ppid is the 2nd, utime … cstime the 12th … 15th.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  const ticks = (f[11] ?? 0) + (f[12] ?? 0) + (reaped ? (f[13] ?? 0) + (f[14] ?? 0) : 0);
  return { ppid: f[1] ?? 0, cpuSecs: ticks / CLOCK_TICKS };
}

/**
 * CPU seconds used so far by every descendant of `root` (default: this process), e.g. a browser
 * playwright started with all its renderer, GPU and utility processes and their threads. Unlike
 * wall time this hardly depends on the machine's load: the difference of two readings is the
 * work done between them (processes that exited in between are counted through their parents'
 * reaped-children times).
 */
export function descendantsCpuSecs(root: number = process.pid): number {
  const parents = new Map<number, { ppid: number; cpuSecs: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      parents.set(Number(name), procStat(Number(name), true));
    } catch {
      // Exited while listed.
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parents.get(pid)?.ppid; p !== undefined && p > 1; p = parents.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, s] of parents) if (under(pid)) total += s.cpuSecs;
  return total;
}
