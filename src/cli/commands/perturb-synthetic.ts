/** qarx perturb synthetic: the dataset with NLPAug-style noise on each passage (once, shared by its questions) as SQuAD JSON. */
import { NO_ANSWER_OPTIONS, noAnswerOf } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import type { Instance } from '../../core/data/types.ts';
import { instancesToSquad } from '../../core/formats/index.ts';
import { NOISE_KINDS, NOISE_LABELS, type NoiseKind, type PassageNoise } from '../../core/natural/noise.ts';
import { passageNoiser } from '../../core/natural/noise-passage.ts';
import { checkOutputFile, err, seedOpt, UsageError } from '../io.ts';
import { writeJsonFile } from '../json-out.ts';
import { describeGroups, groupBy } from '../report.ts';
import { collectGarbage, drain, GC_EVERY } from '../gc.ts';
import { readDataset } from '../data.ts';
import { applyScope, SCOPE_OPTIONS } from '../scope-opts.ts';
import { countOf } from '../../core/text/plural.ts';

/** `perturb synthetic`: NLPAug-style noise outside the gold answers. */
export async function perturbSynthetic(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { kind: { type: 'string' }, rate: { type: 'string', default: '0.3' }, seed: { type: 'string', default: '1' }, 'answerable-only': { type: 'boolean', default: false }, ids: SCOPE_OPTIONS.ids, ...NO_ANSWER_OPTIONS } });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb synthetic needs <in> <out>.');
  const kind = values.kind as NoiseKind;
  if (!NOISE_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${NOISE_KINDS.join(', ')}, got "${values.kind ?? ''}".`);
  const rate = Number(values.rate);
  if (!(rate > 0 && rate <= 1)) throw new UsageError(`--rate must be a number in (0, 1], got "${values.rate}".`);
  const seed = seedOpt(values.seed);
  checkOutputFile(output);
  const read = await readDataset(input);
  // The written file keeps the source's no-answer decision: an --answerable-only part of a SQuAD 2.0 file stays v2.0.
  const noAnswer = noAnswerOf('perturb synthetic', values, read.evidence);
  // One noisy passage per passage (Wu et al. App. K), keeping the answers of all the file's questions on it: --ids picks questions, not the noise.
  const noisy = passageNoiser(read.instances, { kind, rate, seed });
  const instances = applyScope(read.instances, { ids: values.ids }).instances;
  const total = instances.length;
  const kept: Instance[] = [];
  const dropped: [string, string][] = [];
  const passages = new Set<PassageNoise>();
  let changed = 0;
  let seen = 0;
  for (const inst of drain<Instance>(instances)) {
    // A big input: collect now and then, so the garbage of the walk never doubles the heap.
    if (++seen % GC_EVERY === 0) collectGarbage();
    // The app's noise experiment runs on the answerable questions only (experiment-slice.ts).
    if (values['answerable-only'] && inst.isImpossible) {
      dropped.push(['unanswerable (--answerable-only)', inst.id]);
      continue;
    }
    const n = noisy(inst);
    if (!n) {
      dropped.push(['whose passage has nothing outside the answers to change', inst.id]);
      continue;
    }
    // Every question of a passage gets the same text, so the file keeps one paragraph per source paragraph.
    kept.push({ ...inst, context: n.noise.context, answers: n.answers, revision: undefined, trap: undefined, paraphrases: undefined });
    if (!passages.has(n.noise)) changed += n.noise.changed;
    passages.add(n.noise);
  }
  writeJsonFile(output, { ...instancesToSquad(kept, noAnswer.versionTwo), perturbation: { kind: 'synthetic', noise: kind, rate, seed, ...(values['answerable-only'] ? { answerableOnly: true } : {}) } }, 1);
  const why = describeGroups(groupBy(dropped));
  err(`qarx: ${NOISE_LABELS[kind]} at rate ${rate}, seed ${seed}: ${kept.length} of ${total} questions kept on ${countOf(passages.size, 'noisy passage')} (${countOf(changed, 'edit')})${why ? `; dropped ${why}` : ''}; wrote ${output}\n`);
  return 0;
}
