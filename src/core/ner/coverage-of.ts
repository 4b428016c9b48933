/** Counts a tagger's coverage (coverage.ts) with the entities in use: a file's own, a loaded tagger's, else the built-in tagger's. */
import { answerTypeOf } from './answer-type.ts';
import type { TaggerCoverage } from './coverage.ts';

/** The coverage over the answerable questions of `instances`. */
export function taggerCoverage(instances: readonly Parameters<typeof answerTypeOf>[0][]): TaggerCoverage {
  const out: TaggerCoverage = { answerable: 0, withEntity: 0, byType: { PER: 0, ORG: 0, GPE: 0 } };
  for (const inst of instances) {
    if (inst.isImpossible || inst.answers.length === 0) continue;
    out.answerable++;
    const t = answerTypeOf(inst);
    if (t === 'other') continue;
    out.withEntity++;
    out.byType[t]++;
  }
  return out;
}
