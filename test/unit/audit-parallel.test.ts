/** qarx audit's default workers × threads (issue 29.3): picked from the cores, explicit flags win. */
import { describe, expect, it } from 'vitest';
import { CORES_PER_WORKER, pickParallelism } from '../../src/cli/audit/parallel.ts';
import { parseAuditArgs } from '../../src/cli/commands/audit.ts';

describe('pickParallelism', () => {
  it.each([
    // cores, --workers, --threads → workers, threads (null: ONNX Runtime's default)
    [1, undefined, undefined, 1, null],
    [2, undefined, undefined, 1, null], // measured: 2 workers on 2 cores ran at 0.77× of 1
    [3, undefined, undefined, 1, null],
    [4, undefined, undefined, 1, null],
    [8, undefined, undefined, 2, 4],
    [16, undefined, undefined, 4, 4],
    [18, undefined, undefined, 4, 4],
    [2, 2, undefined, 2, 1],
    [2, 1, undefined, 1, null],
    [8, 3, undefined, 3, 2],
    [16, undefined, 2, 4, 2],
    [2, 4, 3, 4, 3],
  ] as const)('%d cores, --workers %s, --threads %s → %d × %s', (cores, workers, threads, w, t) => {
    const p = pickParallelism(cores, workers, threads);
    expect([p.workers, p.threads]).toEqual([w, t]);
    expect(p.why).toBe(workers === undefined ? `picked for ${cores} core${cores === 1 ? '' : 's'}; --workers N to choose` : '--workers');
  });

  it('one worker per CORES_PER_WORKER cores, never more workers than cores, every worker a thread', () => {
    for (let cores = 1; cores <= 64; cores++) {
      const p = pickParallelism(cores);
      expect(p.workers).toBe(Math.max(1, Math.floor(cores / CORES_PER_WORKER)));
      expect(p.workers).toBeLessThanOrEqual(cores);
      if (p.threads !== null) expect(p.workers * p.threads).toBeLessThanOrEqual(cores);
    }
  });

  it('qarx audit without --workers takes the picked count; --workers keeps its value', () => {
    const base = ['--config', 'a.json', '--out', 'r'];
    expect(parseAuditArgs(base).why).toMatch(/^picked for \d+ cores?; --workers N to choose$/);
    expect(parseAuditArgs([...base, '--workers', '2'])).toMatchObject({ workers: 2, why: '--workers' });
    expect(parseAuditArgs([...base, '--workers', '1', '--threads', '2'])).toMatchObject({ workers: 1, threads: 2 });
  });
});
