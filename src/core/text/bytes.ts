/**
 * Sizes for people, one formatter for the whole tool: 1000-based sizes (downloads, files) in kB, MB,
 * GB; 1024-based ones (memory budgets, heaps, which the browser and WASM count in powers of two) in
 * KiB, MiB, GiB. A unit never goes with the other base.
 */

/** A 1000-based size, e.g. formatBytes(1536) === '1.5 kB', formatBytes(65e6) === '65.0 MB', formatBytes(999) === '999 bytes'. */
export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} bytes`;
}

/** A 1024-based size, e.g. formatBinaryBytes(1536) === '1.5 KiB', formatBinaryBytes(4 * 2 ** 30) === '4.0 GiB'. */
export function formatBinaryBytes(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(1)} GiB`;
  if (n >= 2 ** 20) return `${(n / 2 ** 20).toFixed(1)} MiB`;
  if (n >= 2 ** 10) return `${(n / 2 ** 10).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** A 1000-based size always in MB (a progress line's two figures in one unit), e.g. formatMB(1.25e6) === '1.3 MB', formatMB(4e5) === '0.4 MB'. */
export const formatMB = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;

/** A 1024-based size always in MiB (a memory budget reads the same whatever its size), e.g. formatMiB(1.5 * 2 ** 20) === '1.5 MiB'. */
export const formatMiB = (n: number): string => `${(n / 2 ** 20).toFixed(1)} MiB`;
