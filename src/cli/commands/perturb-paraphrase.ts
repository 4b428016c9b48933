/** qarx perturb paraphrase: each question reworded by a rule-based generator of one DuReader-robust kind, as SQuAD JSON. */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { importFile, summarizeIssues } from '../../core/formats/index.ts';
import { InputError } from '../../core/formats/json.ts';
import { isNone, paraphraseQuestion, PARAPHRASE_KINDS, KIND_LABELS, type GeneratedKind, type ParaphraseItem } from '../../core/sensitivity/paraphrase.ts';
import { paraphrasedToSquad } from '../../core/sensitivity/export.ts';
import { checkOutputFile, err, readBytes, seedOpt, UsageError } from '../io.ts';
import { writeJsonFile } from '../json-out.ts';
import { noAnswerData } from '../../core/data/no-answer.ts';
import { NO_ANSWER_OPTIONS, noAnswerOf } from '../no-answer.ts';
import { describeGroups, groupBy, reportRead } from '../report.ts';
import { applyScope, SCOPE_OPTIONS } from '../scope-opts.ts';

/** `perturb paraphrase --kind k --seed N [--answerable-only] <in> <out>`: questions with no paraphrase of the kind (or unanswerable, with --answerable-only) are left out and counted. */
export async function perturbParaphrase(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { kind: { type: 'string' }, seed: { type: 'string', default: '1' }, ids: SCOPE_OPTIONS.ids, 'answerable-only': { type: 'boolean', default: false }, ...NO_ANSWER_OPTIONS } });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb paraphrase needs <in> <out>.');
  const kind = values.kind as GeneratedKind;
  if (!PARAPHRASE_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${PARAPHRASE_KINDS.join(', ')}, got "${values.kind ?? ''}".`);
  const seed = seedOpt(values.seed);
  checkOutputFile(output);
  const read = await importFile(input, readBytes(input), { dataset: basename(input) });
  reportRead(input, read.instances.length, read.issues);
  if (read.instances.length === 0) throw new InputError(`${input}: no usable questions (${summarizeIssues(read.issues)}).`);
  // The written file keeps the source's no-answer decision (core/data/no-answer.ts).
  const noAnswer = noAnswerOf('perturb paraphrase', values, noAnswerData(read.instances, read.fileVersion));
  // --ids: the app's scope, in its order.
  const instances = applyScope(read.instances, { ids: values.ids }).instances;
  if (instances.length === 0) throw new InputError(`${input}: no usable questions (${summarizeIssues(read.issues)}).`);
  const items: ParaphraseItem[] = [];
  const none: [string, string][] = [];
  for (const instance of instances) {
    // --answerable-only: the app's population for paraphrases (populationOf in src/core/experiments/scope.ts).
    if (values['answerable-only'] && instance.isImpossible) {
      none.push(['unanswerable (--answerable-only)', instance.id]);
      continue;
    }
    const r = paraphraseQuestion(instance.question, instance.lang, kind, seed);
    if (isNone(r)) none.push([`with no ${KIND_LABELS[kind]}`, instance.id]);
    else items.push({ instance, paraphrase: r });
  }
  writeJsonFile(output, paraphrasedToSquad(items, { paraphrase: kind, seed }, noAnswer.versionTwo), 1);
  const why = describeGroups(groupBy(none));
  err(`qarx: ${KIND_LABELS[kind]}, seed ${seed}: ${items.length} of ${instances.length} questions paraphrased${why ? `; left out ${why}` : ''}; wrote ${output}\n`);
  return 0;
}
