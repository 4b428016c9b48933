/**
 * Feeds the failure gallery: after each revision-pair, synthetic-noise, trap, entity-sweep,
 * worst/best-budget, universal-name, paraphrase and Adversarial SQuAD run, and each live renaming or live pair, its
 * C2W cases go to the gallery (batch experiments hand over at most MAX_FOUND_CASES per run). Noisy passages are made again here (the
 * noise is seeded per question, so they are exactly the run's) with the noise code loaded on demand.
 */
import { casesFromAdversarial, casesFromFound, casesFromPairs, casesFromTraps, type FailureCase, type ModelRef } from '../../core/results/gallery.ts';
import { caseCollector, foundCase, isC2W, type FoundCase } from '../../core/results/found-case.ts';
import type { RenameOptions } from '../../core/entity/options.ts';
import { KIND_LABELS } from '../../core/sensitivity/kinds.ts';
import { NOISE_LABELS, type NoiseOptions } from '../../core/natural/noise-kinds.ts';
import { ORIGIN_LABELS, SOURCE_LABELS } from '../../core/entity/options.ts';
import { insertTrap } from '../../core/trap/insert.ts';
import type { Instance } from '../../core/data/types.ts';
import type { TrapRow } from '../../core/trap/summary.ts';
import type { AppState } from '../store/index.ts';
import { JOB_OF, type SavedKind } from '../store/ci-slice.ts';
import { caseRunOf, liveCaseRun } from '../../core/results/case-run.ts';
import type { CaseOpts } from '../../core/results/gallery.ts';
import { CATEGORY_RULES, type CategoryRule } from '../../core/natural/categories.ts';

export type CollectFrom = 'natural' | 'synthetic' | 'traps' | 'rename' | 'live-pair';

/** The gallery's label of a noise setting, e.g. "synthetic noise: keyboard typo 30%, seed 1". */
export const noiseLabel = (o: NoiseOptions) => `synthetic noise: ${NOISE_LABELS[o.kind]} ${Math.round(o.rate * 100)}%, seed ${o.seed}`;

/** The gallery's label of a renaming, e.g. "entity renaming: PER, DBName (US names)"; cases are grouped by it. */
export const renameLabel = (o: Pick<RenameOptions, 'type' | 'source' | 'origin'>) => `entity renaming: ${o.type}, ${SOURCE_LABELS[o.source]}${o.source === 'db' ? ` (${ORIGIN_LABELS[o.origin]} names)` : ''}`;

/** The model that answered, as a link can name it (null for a model opened from local files). */
function modelRef(s: AppState): ModelRef | null {
  const src = s.loadedSource;
  return src && src.kind !== 'files' ? { kind: src.kind, id: src.id } : null;
}

/** What the cases of the `kind` run that just ended carry: the run, its "no answer" setting and rule (the live view's for a run not recorded). */
function runOpts(s: AppState, kind: SavedKind, found: string): CaseOpts {
  const r = s[JOB_OF[kind]].run;
  const recorded = r?.settings.rule;
  const rule = CATEGORY_RULES.includes(recorded as CategoryRule) ? (recorded as CategoryRule) : s.categoryRule;
  const run = r ? caseRunOf(kind, r, rule) : undefined;
  return { allowNull: run?.allowNull ?? s.allowNull, found, ...(run ? { run } : {}) };
}

/** What a case found in the live view carries: the live view's settings now. */
const liveOpts = (s: AppState, found: string, dataset: string): CaseOpts => ({ allowNull: s.allowNull, found, run: liveCaseRun(s, found, dataset) });

/** The passage a trap row was answered on: the dataset's trap variant, or the generated sentence inserted again. */
function trappedPassage(inst: Instance, row: TrapRow, position: AppState['trapConfig']['position']): string | null {
  const cands = [inst.trap?.context, insertTrap(inst, row.sentence, position)?.context];
  return cands.find((c) => c !== undefined && c.slice(row.trap.start, row.trap.end) === row.sentence.replace(/\s+/g, ' ').trim()) ?? null;
}

/** Collects the C2W cases of what just finished into the gallery. */
export function collectFailures(s: AppState, from: CollectFrom): void {
  const model = modelRef(s);
  if (!model) return;
  const found = new Date().toISOString();
  if (from === 'natural') {
    s.addFailures(casesFromPairs(s.naturalRows, s.naturalInstances, model, { kind: 'revision' }, { ...runOpts(s, 'natural', found), perturbation: 'natural edit (revision pair)' }));
  } else if (from === 'synthetic') {
    const o = s.noiseOptions;
    void withNoisyPassages(s.syntheticRows.filter((r) => r.category === 'C2W').length > 0, o, s.syntheticAmong, (noisy) =>
      casesFromPairs(s.syntheticRows, s.syntheticInstances, model, { kind: 'noise', noise: o.kind, rate: o.rate, seed: o.seed }, { ...runOpts(s, 'synthetic', found), perturbation: noiseLabel(o), noisyPassage: noisy }),
    ).then((cases) => s.addFailures(cases));
  } else if (from === 'traps') {
    const position = s.trapConfig.position;
    const insts = s.trapInstances;
    const p = { kind: 'trap' as const, source: s.trapConfig.source, position, seed: s.trapConfig.seed, sentence: '' };
    s.addFailures(casesFromTraps(s.trapRows, insts, model, p, { ...runOpts(s, 'traps', found), perturbation: `trap sentence (${s.trapConfig.source}, ${position} the answer sentence)`, trapped: (i, r) => trappedPassage(i, r, position), rule: s.categoryRule }));
  } else if (from === 'rename') {
    const r = s.rename;
    if (!r || r.category !== 'C2W' || !r.perturbed) return;
    const o = r.options;
    const label = renameLabel(o);
    const inst = r.original;
    const stored = inst.id !== 'live';
    s.addFailures([
      {
        key: ['rename', model.id, inst.dataset, stored ? inst.id : inst.context, o.type, o.target ?? 'answer', o.source, o.origin, o.seed].join('|'),
        kind: 'rename',
        perturbation: label,
        model: model.id,
        dataset: inst.dataset,
        id: inst.id,
        question: inst.question,
        gold: [...new Set(inst.answers.map((a) => a.text))],
        ...(renamedGold(inst.answers, r.perturbed.answers) ?? {}),
        original: { passage: inst.context, answer: r.originalPrediction?.text ?? '' },
        perturbed: { passage: r.perturbed.context, answer: r.perturbedPrediction?.text ?? '' },
        link: {
          v: 1,
          models: [model],
          q: stored ? { kind: 'instance', dataset: inst.dataset, id: inst.id } : { kind: 'text', passage: inst.context, question: inst.question },
          p: { kind: 'rename', type: o.type, ...(o.target ? { target: o.target } : {}), source: o.source, origin: o.origin, seed: o.seed, resemble: s.renameResemble },
          allowNull: s.allowNull,
        },
        starred: false,
        found,
        run: liveCaseRun(s, found, inst.dataset),
      },
    ]);
  } else {
    // The live revision pair and the live noise pair of the open question.
    const inst = s.instance;
    if (inst && s.pair && s.pair.id === inst.id) s.addFailures(casesFromPairs([s.pair], [inst], model, { kind: 'revision' }, { ...liveOpts(s, found, inst.dataset), perturbation: 'natural edit (revision pair)' }));
    const np = s.noisePair;
    if (np?.instance && np.row) {
      const o = s.noiseOptions;
      const orig = { ...np.instance, context: np.instance.context, revision: undefined };
      s.addFailures(casesFromPairs([np.row], [orig], model, { kind: 'noise', noise: o.kind, rate: o.rate, seed: o.seed }, { ...liveOpts(s, found, orig.dataset), perturbation: noiseLabel(o), noisyPassage: () => np.instance?.revision?.context ?? null }));
    }
  }
}

/** The renamed gold answers as a case field, when renaming changed them. */
function renamedGold(before: readonly { text: string }[], after: readonly { text: string }[]): { perturbedGold: string[] } | null {
  const a = [...new Set(before.map((x) => x.text))];
  const b = [...new Set(after.map((x) => x.text))];
  return a.join('\u0000') === b.join('\u0000') ? null : { perturbedGold: b };
}

/**
 * Runs `make` with a function giving each question's noisy passage (the one the run drew: noise kept
 * the answers of `among`, the run's scope), loading the noise code only when there is a case to show.
 */
async function withNoisyPassages(any: boolean, o: NoiseOptions, among: readonly Instance[], make: (noisy: (inst: Instance) => string | null) => FailureCase[]): Promise<FailureCase[]> {
  if (!any) return [];
  try {
    const { passageNoiser } = await import('../../core/natural/noise-passage.ts');
    const noisy = passageNoiser(among, o);
    return make((inst) => noisy(inst)?.noise.context ?? null);
  } catch {
    return make(() => null);
  }
}

/** Collects the C2W cases a batch experiment found (the worker caps them per run) into the gallery. */
export function collectFound(s: AppState, from: 'sweep' | 'budget' | 'universal', found: readonly FoundCase[]): void {
  const model = modelRef(s);
  if (!model || found.length === 0) return;
  const label = (c: FoundCase) =>
    from === 'universal' ? `universal name “${c.name ?? ''}”` : from === 'budget' && c.rename ? `worst-case renaming: ${renameLabel(c.rename).replace(/^entity renaming: /, '')}` : c.rename ? renameLabel(c.rename) : 'entity renaming';
  s.addFailures(casesFromFound(found, model, from === 'universal' ? 'universal' : 'rename', { ...runOpts(s, from, new Date().toISOString()), perturbation: label }));
}

/** Collects the C2W paraphrases of a DPR run (original answered exactly, the paraphrase not), at most MAX_FOUND_CASES. */
export function collectParaphrases(s: AppState): void {
  const model = modelRef(s);
  if (!model) return;
  const byKey = new Map(s.paraInstances.map((i) => [`${i.dataset}\u0000${i.id}`, i]));
  const found = caseCollector();
  for (const r of s.paraRows) {
    const inst = byKey.get(`${r.dataset}\u0000${r.id}`);
    if (inst && isC2W(r.original, r.paraphrased, s.categoryRule)) found.add(foundCase(inst, { context: inst.context, question: r.paraphrase }, { original: r.original.text, perturbed: r.paraphrased.text }));
  }
  const label = (c: FoundCase) => `paraphrase: ${KIND_LABELS[s.paraRows.find((r) => r.id === c.id && r.paraphrase === c.perturbed.question)?.kind ?? 'combined']}`;
  s.addFailures(casesFromFound(found.cases, model, 'paraphrase', { ...runOpts(s, 'paraphrase', new Date().toISOString()), perturbation: label }));
}

/** Collects the originals an Adversarial SQuAD run broke (each opens its variant in Live), at most MAX_FOUND_CASES. */
export function collectAdversarial(s: AppState): void {
  const model = modelRef(s);
  if (!model || !s.adversarialRun) return;
  s.addFailures(casesFromAdversarial(s.adversarialRun, s.adversarialInstances, model, { ...runOpts(s, 'adversarial', new Date().toISOString()), rule: s.categoryRule }));
}
