/**
 * Issue 44: a first Explain (occlusion) waited 2 s for code it does not run: the worker's explain
 * module imported the explain index, whose edit search brings every perturbation (renaming, noise,
 * paraphrase tables). Occlusion must load without them; "Find a failure" imports the search itself.
 * Then the job itself (≈ 4 kB) was imported late, and fetching it through the service worker cost a
 * first Explain 100–500 ms: it is in the inference worker's own chunk now, the search still is not.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../scripts/lib/import-cycles.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const src = (p: string) => join(ROOT, 'src', p);
const LATE = ['core/explain/search.ts', 'core/explain/edits.ts', 'core/entity/rename.ts', 'core/natural/noise.ts', 'core/sensitivity/paraphrase-en.ts', 'core/sensitivity/paraphrase-zh.ts'];

describe('what loads with a first Explain (issue 44)', () => {
  const closure = staticClosure(src('worker/explain-jobs.ts'));
  const worker = staticClosure(src('worker/qa.worker.ts'));

  it.each(LATE)('the explain job does not load %s before it is needed', (p) => {
    expect(closure.has(src(p))).toBe(false);
  });

  it('loads what occlusion runs', () => {
    expect(closure.has(src('core/explain/occlusion.ts'))).toBe(true);
    expect(closure.has(src('core/text/sentences.ts'))).toBe(true);
  });

  it('the inference worker holds the explain job from its start: nothing to fetch when Explain is clicked', () => {
    expect(worker.has(src('worker/explain-jobs.ts'))).toBe(true);
  });

  it.each(LATE)('the inference worker still does not load %s at its start', (p) => {
    expect(worker.has(src(p))).toBe(false);
  });
});
