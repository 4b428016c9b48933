/** qarx compare: answers aligned original/perturbed passages and counts C2C, C2W, W2C, W2W. */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { QaEngine } from '../../core/index.ts';
import { CATEGORIES, enginePredictor } from '../../core/entity/index.ts';
import { importFile, importPairs, summarizeIssues } from '../../core/formats/index.ts';
import { InputError } from '../../core/formats/json.ts';
import { runPairs, summarizePairs } from '../../core/natural/pairs.ts';
import { err, out, readBytes, UsageError } from '../io.ts';
import { openModel } from '../model.ts';
import { reportPairing, reportRead } from '../report.ts';

/** Runs `qarx compare <original> <perturbed> --model m` and returns the exit code. */
export async function compare(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { model: { type: 'string' }, squad2: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, 'hub-host': { type: 'string' }, 'cache-dir': { type: 'string' }, dtype: { type: 'string' } },
  });
  const [a, b] = positionals;
  if (!a || !b || positionals.length > 2 || !values.model) throw new UsageError('compare needs <original.json> <perturbed.json> --model <dir|hub id>.');
  const first = await importFile(a, readBytes(a), { dataset: basename(a) });
  const second = await importFile(b, readBytes(b), { dataset: basename(a) });
  reportRead(a, first.instances.length, first.issues);
  reportRead(b, second.instances.length, second.issues);
  // Each file's own problems were just reported; what is left are the pairing decisions.
  const r = importPairs({ ...first, issues: [] }, { ...second, issues: [] }, { original: a, perturbed: b });
  const paired = r.instances.filter((i) => i.revision);
  reportPairing(a, b, first.instances.length, paired.length, r.issues);
  if (paired.length === 0) throw new InputError(`${a} and ${b}: no question appears in both files with an answer in each (${summarizeIssues(r.issues) || 'no shared ids'}).`);
  const model = await openModel(values.model, values);
  const engine = new QaEngine(model.tokenizer, model.runner);
  const versionTwo = values.squad2 || paired.some((i) => i.isImpossible);
  const { rows } = await runPairs(paired, enginePredictor(engine, { versionTwo }), (d, t) => {
    if (d === t || d % 50 === 0) err(`compare: ${d}/${t} passages answered\n`);
  });
  const sum = summarizePairs(rows);
  if (values.json) {
    out(`${JSON.stringify({ ...sum, rows }, null, 2)}\n`);
    return 0;
  }
  const f = (x: number) => x.toFixed(2);
  out(`questions: ${sum.n}\n`);
  for (const c of CATEGORIES) out(`${c}: ${sum.categories[c]}\n`);
  out(`original:  EM ${f(sum.original.em)}  F1 ${f(sum.original.f1)}\n`);
  out(`perturbed: EM ${f(sum.perturbed.em)}  F1 ${f(sum.perturbed.f1)}\n`);
  out(`relative F1 change: ${sum.relativeF1Change >= 0 ? '+' : ''}${f(sum.relativeF1Change)}%\n`);
  return 0;
}
