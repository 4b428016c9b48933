/** One renaming as the live view shows it: both passages, both predictions, scores and category. */
import { scorePrediction, type Score } from '../data/score.ts';
import type { Instance } from '../data/types.ts';
import type { QaPrediction } from '../types.ts';
import { pairCategory, type CategoryRule, type PairCategory } from '../natural/categories.ts';
import { resembleCombine, resembleVariants, type Predictor } from './experiment.ts';
import { entitySpans, renameInstance, selectRenameTarget, type NamePool, type NotRenamable, type RenameOptions } from './rename.ts';
import type { Entity, PerturbableSpan } from './spans.ts';
import type { Edit, Substitution } from './substitute.ts';

/** A live renaming of one instance with both predictions. */
export interface LiveRename {
  options: RenameOptions;
  /** Entities found in the original passage, each with its perturbable spans. */
  entities: { entity: Entity; spans: PerturbableSpan[] }[];
  /** Why nothing was renamed, or null when it was. */
  skipped: NotRenamable | null;
  target: { entity: Entity; spans: PerturbableSpan[] } | null;
  substitutions: Substitution[];
  contextEdits: Edit[];
  original: Instance;
  perturbed: Instance | null;
  originalPrediction: QaPrediction | null;
  perturbedPrediction: QaPrediction | null;
  originalScore: Score | null;
  perturbedScore: Score | null;
  /** C2C … W2W or partial, by the user's category rule (categories.ts). */
  category: PairCategory | null;
  /** InDistName had no name of a span's kind, so DBName filled in. */
  poolFallback: boolean;
  /** RESEMBLE's answer on the perturbed instance, when asked for. */
  defended: { text: string; score: Score } | null;
}

/**
 * Renames an instance and answers the original and the renamed one in one model call (plus the
 * RESEMBLE variants when asked), e.g. await liveRename(inst, { type: 'PER', source: 'db', origin: 'us', seed: 1 }, null, predict, false, null).
 * `rule` categorises the pair as every other surface does (the released script's by default).
 */
export async function liveRename(
  inst: Instance,
  options: RenameOptions,
  pool: NamePool | null,
  predict: Predictor,
  versionTwo: boolean,
  resemble: { m: 1 | 3; temperature: number } | null,
  rule: CategoryRule = 'script',
): Promise<LiveRename | null> {
  const entities = entitySpans(inst.context, inst.lang);
  const r = renameInstance(inst, options, pool ?? undefined);
  const targets = selectRenameTarget(inst, options);
  const base: LiveRename = {
    options,
    entities,
    skipped: typeof r === 'string' ? r : null,
    target: typeof targets === 'string' ? null : targets,
    substitutions: typeof r === 'string' ? [] : r.substitutions,
    contextEdits: typeof r === 'string' ? [] : r.contextEdits,
    original: inst,
    perturbed: typeof r === 'string' ? null : r.perturbed,
    originalPrediction: null,
    perturbedPrediction: null,
    originalScore: null,
    perturbedScore: null,
    category: null,
    poolFallback: typeof r === 'string' ? false : r.poolFallback,
    defended: null,
  };
  if (typeof r === 'string') return base;
  const variants = resemble ? resembleVariants({ ...r.perturbed, id: `${inst.id}#renamed` }, { m: resemble.m, type: options.target === 'question-person' ? 'PER' : options.type }) : null;
  const inputs = [
    { id: `${inst.id}#original`, question: inst.question, context: inst.context },
    { id: `${inst.id}#renamed`, question: r.perturbed.question, context: r.perturbed.context },
    ...(variants?.variants.map((v) => v.input) ?? []),
  ];
  const res = await predict(inputs);
  if (res.cancelled) return null;
  const [op, pp, ...vp] = res.predictions;
  if (!op || !pp) return null;
  const os = scorePrediction(op.text, inst);
  const ps = scorePrediction(pp.text, r.perturbed);
  let defended: LiveRename['defended'] = null;
  if (resemble && variants) {
    const text = variants.variants.length
      ? resembleCombine(r.perturbed.context, pp, variants.variants.map((v, i) => ({ prediction: vp[i] as QaPrediction, edits: v.edits })), variants.confidence, { temperature: resemble.temperature, versionTwo }).text
      : pp.text;
    defended = { text, score: scorePrediction(text, r.perturbed) };
  }
  return { ...base, originalPrediction: op, perturbedPrediction: pp, originalScore: os, perturbedScore: ps, category: pairCategory(os, ps, rule), defended };
}
