/** Reading two aligned files (revision pairs or question paraphrases) for `compare` and `challenge`, with every left-out question reported. */
import { basename } from 'node:path';
import type { Instance } from '../core/data/types.ts';
import { noAnswerData, type NoAnswerData } from '../core/data/no-answer.ts';
import { importFile, importPairs, summarizeIssues } from '../core/formats/index.ts';
import { describePairing } from '../core/formats/pairs.ts';
import { describePairKinds, type PairKindCounts } from '../core/formats/pair-kind.ts';
import { InputError } from '../core/formats/json.ts';
import { err, readBytes } from './io.ts';
import { reportPairing, reportRead } from './report.ts';

/** The paired questions of `a` (original) and `b` (edited), how many pairs are of each kind, and what the pair dataset says about no answer (the original file's). */
export async function readPairs(a: string, b: string, cmd: string): Promise<{ paired: Instance[]; kinds: PairKindCounts; evidence: NoAnswerData }> {
  const first = await importFile(a, readBytes(a), { dataset: basename(a) });
  const second = await importFile(b, readBytes(b), { dataset: basename(a) });
  reportRead(a, first.instances.length, first.issues);
  reportRead(b, second.instances.length, second.issues);
  // Each file's own problems were just reported; what is left are the pairing decisions.
  const r = importPairs({ ...first, issues: [] }, { ...second, issues: [] }, { original: a, perturbed: b });
  const paired = r.instances.filter((i) => i.revision);
  reportPairing(a, b, first.instances.length, paired.length, r.issues, cmd);
  err(`qarx: ${cmd}: questions of ${a}: ${describePairing(r.pairing)}\n`);
  err(`qarx: ${cmd}: pairs: ${describePairKinds(r.kinds)}\n`);
  if (paired.length === 0) throw new InputError(`${a} and ${b}: no question appears in both files with an answer in each (${summarizeIssues(r.issues) || 'no shared ids'}).`);
  // One no-answer setting runs both sides, decided as the app's import of the same two files decides
  // (its dataset: the original file's questions and version, importPairs): the edited file's missing
  // answers are pairs the filter leaves out, not unanswerable questions (core/data/no-answer.ts).
  return { paired, kinds: r.kinds, evidence: noAnswerData(r.instances, r.fileVersion) };
}
