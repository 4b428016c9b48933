/**
 * Issue 44: a first Explain (occlusion) waited 2 s for code it does not run: the worker's explain
 * module imported the explain index, whose edit search brings every perturbation (renaming, noise,
 * paraphrase tables). Occlusion must load without them; "Find a failure" imports the search itself.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../scripts/lib/import-cycles.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const src = (p: string) => join(ROOT, 'src', p);

describe('what loads with a first Explain (issue 44)', () => {
  const closure = staticClosure(src('worker/explain-jobs.ts'));

  it.each(['core/explain/search.ts', 'core/explain/edits.ts', 'core/entity/rename.ts', 'core/natural/noise.ts', 'core/sensitivity/paraphrase-en.ts', 'core/sensitivity/paraphrase-zh.ts'])('the explain job does not load %s before it is needed', (p) => {
    expect(closure.has(src(p))).toBe(false);
  });

  it('loads what occlusion runs', () => {
    expect(closure.has(src('core/explain/occlusion.ts'))).toBe(true);
    expect(closure.has(src('core/text/sentences.ts'))).toBe(true);
  });
});
