/** The tagger coverage line that sweep, budget, universal and perturb entity print to stderr (issue 24.8). */
import type { Instance } from '../core/data/types.ts';
import { coverageText, type TaggerCoverage } from '../core/ner/coverage.ts';
import { taggerCoverage } from '../core/ner/coverage-of.ts';
import { err } from './io.ts';

/** Prints e.g. 'sweep: answer entity for 1 of 2 answerable questions (50.0%: PER 0, ORG 0, GPE 1) · tagger X' and returns the figures. */
export function reportCoverage(cmd: string, instances: readonly Instance[], tagger: string | undefined): TaggerCoverage {
  const c = taggerCoverage(instances);
  err(`${cmd}: ${coverageText(c)} · tagger ${tagger ?? 'built-in (compromise)'}; a file's own entity annotations come first\n`);
  return c;
}
