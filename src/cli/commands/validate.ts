/**
 * qarx validate sample|merge|report (issue 43.4): draw a batch of cases for annotators from a perturbed
 * file and its original (strata from an audit unit or `qarx compare --json`), join annotation files,
 * and print κ and the validated rates. The maths and the files are src/core/validation's, as in the app.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseJson } from '../../core/formats/json.ts';
import { pairCategory } from '../../core/natural/categories.ts';
import type { Score } from '../../core/data/score.ts';
import type { Instance } from '../../core/data/types.ts';
import { DEFAULT_BOOTSTRAP, DEFAULT_CI_SEED } from '../../core/stats/defaults.ts';
import { annotationFileToJson, batchToJson, problemText } from '../../core/validation/files.ts';
import { readValidationFiles } from '../validation-input.ts';
import { caseFromPair, makeBatch } from '../../core/validation/build.ts';
import { collectJudgements } from '../../core/validation/judgements.ts';
import { validationSummary, validationText } from '../../core/validation/report.ts';
import { brokenStratum, populationOf, sampleSizeNote, stratifiedSample, type Allocation } from '../../core/validation/sample.ts';
import { VALIDATION_VERSION, type ValidationCase } from '../../core/validation/types.ts';
import type { CaseKind } from '../../core/results/gallery.ts';
import { writeFileAtomic } from '../atomic.ts';
import { readInstances } from '../data.ts';
import { err, intOpt, out, readText, seedOpt, UsageError } from '../io.ts';

/** `qarx validate <sub> …`: dispatches and returns the exit code. */
export async function validate(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'sample') return sample(rest);
  if (sub === 'merge') return merge(rest);
  if (sub === 'report') return report(rest);
  throw new UsageError('validate needs sample, merge or report (qarx --help shows their options).');
}

/** The family of a `qarx perturb` output by its perturbation kind. */
const FAMILY_OF: Record<string, CaseKind> = { synthetic: 'noise', entity: 'rename', rename: 'rename', paraphrase: 'paraphrase', trap: 'trap' };

/** The file's top-level "perturbation" object (written last by `qarx perturb`), read from its tail so a 2 GB trap file is not parsed twice. */
export function perturbationOf(file: string): Record<string, unknown> | null {
  const size = statSync(file).size;
  const n = Math.min(size, 1 << 16);
  const buf = Buffer.alloc(n);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, n, size - n);
  } finally {
    closeSync(fd);
  }
  const tail = buf.toString('utf8');
  const at = tail.lastIndexOf('"perturbation":');
  const end = tail.lastIndexOf('}');
  if (at < 0 || end < 0) return null;
  try {
    const v: unknown = JSON.parse(`{${tail.slice(at, end)}}`);
    const p = (v as { perturbation?: unknown }).perturbation;
    return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A perturbation object in words, e.g. { kind: 'synthetic', noise: 'keyboard', rate: 0.3, seed: 1 } → "synthetic: noise keyboard, rate 0.3, seed 1". */
const perturbationText = (p: Record<string, unknown>): string =>
  `${String(p.kind)}: ${Object.entries(p)
    .filter(([k, v]) => k !== 'kind' && v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ')}`;

/** Rows of an audit unit file or `qarx compare --json` output: each question's category (script rule for trap rows). */
export function categoriesOf(json: unknown, file: string): Map<string, string> {
  const root = json as { rows?: unknown; payload?: { rows?: unknown } } | null;
  const rows = Array.isArray(root?.rows) ? root.rows : Array.isArray(root?.payload?.rows) ? root.payload.rows : null;
  if (!rows) throw new UsageError(`${file}: no per-question rows (expected a qarx audit unit file or qarx compare --json output)`);
  const out = new Map<string, string>();
  for (const r of rows as { id?: unknown; category?: unknown; original?: Score; trapped?: Score }[]) {
    if (typeof r?.id !== 'string') continue;
    if (typeof r.category === 'string') out.set(r.id, r.category);
    else if (r.original && r.trapped) out.set(r.id, pairCategory(r.original, r.trapped, 'script'));
  }
  return out;
}

/** The model a categories file names (audit unit spec or compare record), else ''. */
const modelOf = (json: unknown): string => {
  const j = json as { spec?: { model?: { name?: string } }; record?: { model?: string } } | null;
  return j?.spec?.model?.name ?? j?.record?.model ?? '';
};

/** `qarx validate sample <original> <perturbed> --out batch.json …`. */
async function sample(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, size: { type: 'string' }, seed: { type: 'string' }, allocation: { type: 'string', default: 'proportional' }, categories: { type: 'string' }, strata: { type: 'string', default: 'category' }, draw: { type: 'string', default: 'sample' }, family: { type: 'string' } },
  });
  const [origFile, pertFile] = positionals;
  if (!origFile || !pertFile || positionals.length > 2 || !values.out) throw new UsageError('validate sample needs <original file> <perturbed file> --out <batch.json>.');
  const allocation = values.allocation as Allocation;
  if (allocation !== 'proportional' && allocation !== 'equal') throw new UsageError(`--allocation must be proportional or equal, got "${values.allocation}"`);
  if (values.strata !== 'category' && values.strata !== 'broken') throw new UsageError(`--strata must be category or broken, got "${values.strata}"`);
  if (values.draw !== 'sample' && values.draw !== 'broken') throw new UsageError(`--draw must be sample or broken, got "${values.draw}"`);
  if (values.draw === 'broken' && !values.categories) throw new UsageError('--draw broken needs --categories (which questions the model broke)');
  const seed = values.seed === undefined ? 1 : seedOpt(values.seed);
  const p = perturbationOf(pertFile);
  const family = (values.family ?? FAMILY_OF[String(p?.kind)] ?? 'revision') as CaseKind;
  const perturbation = p ? perturbationText(p) : `${family}: ${basename(pertFile)}`;
  const settings = p ? Object.values(p).filter((v) => typeof v !== 'object').map(String).join('|') : '';
  const catJson = values.categories ? parseJson(readText(values.categories), values.categories) : null;
  const categories = catJson === null ? null : categoriesOf(catJson, values.categories as string);
  const byId = new Map((await readInstances(origFile)).map((i) => [i.id, i]));
  const perturbed = await readInstances(pertFile);
  const items: (Instance & { stratum: string })[] = [];
  let unpaired = 0;
  let uncategorized = 0;
  for (const inst of perturbed) {
    if (!byId.has(inst.id)) {
      unpaired++;
      continue;
    }
    const c = categories?.get(inst.id);
    if (categories && c === undefined) {
      uncategorized++;
      continue;
    }
    const stratum = c === undefined ? 'all' : values.strata === 'broken' || values.draw === 'broken' ? brokenStratum(c === 'C2W') : c;
    items.push({ ...inst, stratum });
  }
  const population = populationOf(items);
  const pool = values.draw === 'broken' ? items.filter((i) => i.stratum === 'broken') : items;
  const size = intOpt(values.size, '--size', values.draw === 'broken' ? pool.length : 50);
  const drawn = stratifiedSample(pool, size, seed, allocation);
  const cases: ValidationCase[] = drawn.map((inst) => caseFromPair(byId.get(inst.id) as Instance, inst, { family, perturbation, stratum: inst.stratum, settings }));
  const datasets = [...new Set(cases.map((c) => c.dataset))];
  const now = new Date().toISOString();
  const source = { kind: String(p?.kind ?? 'file'), date: now, model: catJson === null ? '' : modelOf(catJson), datasets, draw: values.draw as 'sample' | 'broken', size: cases.length, seed, population };
  const batch = makeBatch(basename(pertFile).replace(/\.[^.]*$/, ''), cases, source, now);
  const batchId = batch.batchId;
  writeFileAtomic(values.out, batchToJson(batch));
  const strata = Object.entries(populationOf(cases)).map(([h, n]) => `${h} ${n} of ${population[h] ?? 0}`).join(', ');
  const left = [unpaired ? `${unpaired} without an original` : '', uncategorized ? `${uncategorized} without a category in ${values.categories}` : ''].filter(Boolean).join(', ');
  err(`qarx: validate sample: ${cases.length} cases (${strata}; seed ${seed}, ${allocation})${left ? `; left out ${left}` : ''}; ${sampleSizeNote(cases.length)}; wrote ${values.out} (batch ${batchId})\n`);
  return 0;
}

/** `qarx validate merge --batch B --out DIR files…`: one checked file per annotator (several sittings joined). */
async function merge(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { batch: { type: 'string' }, out: { type: 'string' } } });
  if (!values.out) throw new UsageError('validate merge needs --out <directory>');
  const { batch, read, problems } = readValidationFiles(values.batch, positionals);
  const { judgements, problems: joined } = collectJudgements(batch, read);
  for (const p of [...problems, ...joined]) err(`qarx: validate merge: ${problemText(p)}\n`);
  for (const a of judgements.annotators) {
    const annotations = batch.cases.flatMap((c) => {
      const j = judgements.byCase.get(c.id)?.get(a);
      return j ? [j.annotation] : [];
    });
    const file = join(values.out, `${a.replace(/[^\w.+-]+/g, '_')}.json`);
    writeFileAtomic(file, annotationFileToJson({ format: 'qarx-annotations', version: VALIDATION_VERSION, batchId: batch.batchId, annotator: a, annotations }));
    out(`${a}: ${annotations.length} of ${batch.cases.length} cases → ${file}\n`);
  }
  return judgements.annotators.length ? 0 : 1;
}

/** `qarx validate report --batch B files… [--json] [--bootstrap N] [--seed S]`. */
async function report(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { batch: { type: 'string' }, json: { type: 'boolean', default: false }, bootstrap: { type: 'string' }, seed: { type: 'string' } } });
  const { batch, read, problems } = readValidationFiles(values.batch, positionals);
  const ci = { b: intOpt(values.bootstrap, '--bootstrap', DEFAULT_BOOTSTRAP), seed: values.seed === undefined ? DEFAULT_CI_SEED : seedOpt(values.seed) };
  const s = validationSummary(batch, read, ci, problems);
  out(values.json ? `${JSON.stringify(s, null, 2)}\n` : validationText(s));
  return read.length ? 0 : 1;
}
