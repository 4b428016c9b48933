/**
 * Where a validation batch comes from in the app: a run's broken cases (the failure gallery's C2W
 * cases of that run) or a stratified random sample of a run's perturbed questions (the revision-pair,
 * synthetic-noise, trap and paraphrase runs of this session, whose rows carry a category each).
 * The cases themselves are built by src/core/validation; this file only gathers each run's inputs.
 */
import { caseRuns, type FailureCase } from '../../core/results/gallery.ts';
import { caseRunKey } from '../../core/results/case-run.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import type { Instance } from '../../core/data/types.ts';
import { pairCategory, type PairCategory } from '../../core/natural/categories.ts';
import { revisedInstance } from '../../core/natural/pairs.ts';
import type { CaseKind } from '../../core/results/gallery.ts';
import { insertTrap } from '../../core/trap/insert.ts';
import type { AppState } from '../store/index.ts';
import { noiseLabel } from '../results/gallery-collect.ts';
import type { RunRate } from './validation-db.ts';
import { runTime } from '../../core/results/run-record.ts';

/** A run's broken cases in the gallery, to validate all of them. */
export interface BrokenSource {
  key: string;
  /** The run in words, e.g. "synthetic, 2026-12-02 08:10, qarx-lexical-qa". */
  label: string;
  kind: string;
  date: string;
  model: string;
  datasets: string[];
  cases: FailureCase[];
}

/** The gallery's cases grouped by the runs that found them (a case found by two runs is in both), newest run first; cases without a stored perturbed passage are left out. */
export function brokenSources(failures: readonly FailureCase[]): BrokenSource[] {
  const byRun = new Map<string, BrokenSource>();
  for (const c of failures) {
    if (c.perturbed.passage === null) continue;
    const runs = caseRuns(c);
    for (const run of runs.length ? runs : [undefined]) {
      const key = caseRunKey(run, c.model);
      const s = byRun.get(key) ?? { key, label: `${run?.kind ?? 'unrecorded run'}${run ? `, ${runTime(run.date)}` : ''}, ${c.model}`, kind: run?.kind ?? 'unknown', date: run?.date ?? '', model: c.model, datasets: run?.datasets ?? [c.dataset], cases: [] };
      s.cases.push(c);
      byRun.set(key, s);
    }
  }
  return [...byRun.values()].sort((a, b) => b.date.localeCompare(a.date));
}

/** One perturbed question of a run, before it is drawn: its stratum, and how to make its perturbed side. */
export interface SampleUnit {
  stratum: PairCategory;
  original: Instance;
  family: CaseKind;
  perturbation: string;
  /** The perturbed side as an instance (its passage, question and gold answers there), null when it cannot be made again. */
  perturbed: () => Promise<Instance | null>;
  /** The perturbation's settings, ending the case id (e.g. the trap sentence), '' when the family says it all. */
  settings: string;
}

/** A run of this session whose perturbed questions can be sampled. */
export interface SampleSource {
  kind: 'natural' | 'synthetic' | 'traps' | 'paraphrase';
  label: string;
  run: RunRecord;
  model: string;
  units: SampleUnit[];
  /** The run's own failure rate (C2W of the questions run), shown beside the validated one. */
  runRate: RunRate;
}

const keyOf = (x: { dataset: string; id: string }) => `${x.dataset}\u0000${x.id}`;

/** The rate of C2W among a run's categories. */
const c2wRate = (cats: readonly PairCategory[]): RunRate => ({ label: 'C2W', k: cats.filter((c) => c === 'C2W').length, n: cats.length });

/** The runs of this session that can be sampled, in the order the experiments page lists them. */
export function sampleSources(s: AppState): SampleSource[] {
  const out: SampleSource[] = [];
  const model = s.loadedSource?.id ?? 'model';
  const natural = s.natural.run;
  if (natural && s.naturalRows.length) {
    const by = new Map(s.naturalInstances.map((i) => [keyOf(i), i]));
    const units = s.naturalRows.flatMap((r): SampleUnit[] => {
      const inst = by.get(keyOf(r));
      const rev = inst && revisedInstance(inst);
      return inst && rev ? [{ stratum: r.category, original: inst, family: 'revision', perturbation: 'natural edit (revision pair)', settings: '', perturbed: async () => rev }] : [];
    });
    out.push({ kind: 'natural', label: 'Revision pairs', run: natural, model, units, runRate: c2wRate(s.naturalRows.map((r) => r.category)) });
  }
  const synthetic = s.synthetic.run;
  if (synthetic && s.syntheticRows.length) {
    const by = new Map(s.syntheticInstances.map((i) => [keyOf(i), i]));
    const o = s.noiseOptions;
    const among = s.syntheticAmong;
    // The noise is seeded per question, so the passage made again is exactly the run's.
    let noiser: Promise<(inst: Instance) => Instance | null> | null = null;
    const noisy = () => (noiser ??= import('../../core/natural/noise-passage.ts').then((m) => {
      const f = m.passageNoiser(among, o);
      return (inst: Instance) => {
        const q = f(inst);
        return q ? { ...inst, context: q.noise.context, answers: q.answers } : null;
      };
    }));
    const units = s.syntheticRows.flatMap((r): SampleUnit[] => {
      const inst = by.get(keyOf(r));
      if (!inst) return [];
      const orig = { ...inst, revision: undefined };
      return [{ stratum: r.category, original: orig, family: 'noise', perturbation: noiseLabel(o).replace(/^synthetic noise: /, ''), settings: `${o.kind}|${o.rate}|${o.seed}`, perturbed: async () => (await noisy())(orig) }];
    });
    out.push({ kind: 'synthetic', label: 'Synthetic noise', run: synthetic, model, units, runRate: c2wRate(s.syntheticRows.map((r) => r.category)) });
  }
  const traps = s.traps.run;
  if (traps && s.trapRows.length) {
    const by = new Map(s.trapInstances.map((i) => [keyOf(i), i]));
    const position = s.trapConfig.position;
    const rule = s.categoryRule;
    const cats = s.trapRows.map((r) => pairCategory(r.original, r.trapped, rule));
    const units = s.trapRows.flatMap((r, i): SampleUnit[] => {
      const inst = by.get(keyOf(r));
      if (!inst) return [];
      const want = r.sentence.replace(/\s+/g, ' ').trim();
      const passage = [inst.trap?.context, insertTrap(inst, r.sentence, position)?.context].find((c) => c !== undefined && c.slice(r.trap.start, r.trap.end) === want);
      return passage === undefined ? [] : [{ stratum: cats[i]!, original: { ...inst, trap: undefined }, family: 'trap', perturbation: `trap sentence (${s.trapConfig.source}, ${position} the answer sentence)`, settings: r.sentence, perturbed: async () => ({ ...inst, context: passage, trap: undefined }) }];
    });
    out.push({ kind: 'traps', label: 'Trap sentences', run: traps, model, units, runRate: c2wRate(cats) });
  }
  const para = s.paraphrase.run;
  if (para && s.paraRows.length) {
    const by = new Map(s.paraInstances.map((i) => [keyOf(i), i]));
    const rule = s.categoryRule;
    const cats = s.paraRows.map((r) => pairCategory(r.original, r.paraphrased, rule));
    const units = s.paraRows.flatMap((r, i): SampleUnit[] => {
      const inst = by.get(keyOf(r));
      return inst ? [{ stratum: cats[i]!, original: inst, family: 'paraphrase', perturbation: `paraphrase (${r.kind})`, settings: r.paraphrase, perturbed: async () => ({ ...inst, question: r.paraphrase }) }] : [];
    });
    out.push({ kind: 'paraphrase', label: 'Paraphrased questions', run: para, model, units, runRate: c2wRate(cats) });
  }
  return out;
}
