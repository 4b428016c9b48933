/**
 * Universal names (Balasubramanian et al. 2020, App. A.1, Algorithm 2): each of K candidate names
 * has a Beta(α, β) weight; over N iterations, B names drawn by weight (V_s) are each put in place of
 * the answer entity of B randomly drawn eligible questions (D_s), and α/β move by the shares of
 * questions whose F1 the name worsened and improved. The weight α/(α+β) estimates P(worsen) −
 * P(improve); names are ranked by it. One model call per drawn name; the originals are answered once.
 */
import { isC2W, type CategoryRule } from '../natural/categories.ts';
import { foundCase, type FoundCase } from '../results/found-case.ts';
import { scorePrediction } from '../data/score.ts';
import { dropOf } from '../metrics/drop.ts';
import type { Instance } from '../data/types.ts';
import { hashString, mixSeed, rng } from '../text/random.ts';
import type { QaInput, QaPrediction } from '../types.ts';
import { nextTask, predictedSpan, type Predictor } from './experiment.ts';
import { placeLists } from './lexicon.ts';
import { dbFirstNames, dbNames, zhPlaceLists } from './names.ts';
import { selectRenameTarget, substituteInstance, type NotRenamable } from './rename.ts';
import type { RenameTarget } from './options.ts';
import type { PerturbableSpan } from './spans.ts';
import { findMentions, mapSpanBack, type Edit, type Substitution } from './substitute.ts';
import { isHan, zhLongerNames, zhWholeName } from './zh.ts';
import { averageScore, mergeQuestions, type QuestionScores, type SweepProgress } from './stats.ts';
import { DEFAULT_UNIVERSAL, MAX_UNIVERSAL_CANDIDATES, MAX_UNIVERSAL_ITERATIONS, MAX_UNIVERSAL_SAMPLE, type NameSkip, type UniversalConfig, type UniversalName, type UniversalResult, type UniversalRow, type UniversalType } from './universal-options.ts';

// The settings, result types and display helpers live in universal-options.ts (light, for the app's start-up).
export * from './universal-options.ts';

const EXAMPLES = 5;

/**
 * The language a universal-name run works in: that of most answerable questions, English on a tie.
 * One name is put into every question, so a run never mixes English and Chinese passages.
 */
export function runLanguage(instances: readonly Pick<Instance, 'lang' | 'isImpossible'>[]): Instance['lang'] {
  let zh = 0;
  for (const i of instances) if (!i.isImpossible) zh += i.lang === 'zh' ? 1 : -1;
  return zh > 0 ? 'zh' : 'en';
}

/** Distinct names drawn with a seeded generator until `k` are found or the draws run out. */
function drawDistinct(k: number, draw: () => UniversalName | null): UniversalName[] {
  const out = new Map<string, UniversalName>();
  for (let tries = 0; out.size < k && tries < k * 50; tries++) {
    const n = draw();
    if (n && !out.has(n.name)) out.set(n.name, n);
  }
  return [...out.values()];
}

const at = <T>(xs: readonly T[], rand: () => number): T | undefined => xs[Math.floor(rand() * xs.length)];

/** What a name replaces in a question: its answer entity of the type (renaming's own selection), or why none. */
function targetsOf(inst: Pick<Instance, 'context' | 'question' | 'answers' | 'answerType' | 'isImpossible' | 'lang'>, type: UniversalType, target: RenameTarget = 'answer'): { spans: PerturbableSpan[] } | NotRenamable {
  // The same selection as every renaming (app and CLI); whole names are put in, so no span kind is held back.
  return selectRenameTarget(inst, { type: target === 'question-person' ? 'PER' : type, source: 'indist', target });
}

/** The whole names of the data's answer entities of a type, sorted, e.g. ['Alexander Fleming', 'Marie Curie']. */
export function inDistNames(instances: readonly Pick<Instance, 'context' | 'question' | 'answers' | 'answerType' | 'isImpossible' | 'lang'>[], type: UniversalType, target: RenameTarget = 'answer'): UniversalName[] {
  const byName = new Map<string, UniversalName>();
  const lang = runLanguage(instances);
  for (const inst of instances) {
    if (inst.lang !== lang) continue;
    const t = targetsOf(inst, type, target);
    if (typeof t === 'string') continue;
    const n = nameOfSpans(t.spans);
    if (n) byName.set(n.name, n);
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A candidate made of an entity's own spans: a person's first and last name, or its first place. */
function nameOfSpans(spans: readonly PerturbableSpan[]): UniversalName | null {
  const first = spans.find((s) => s.kind === 'first')?.text;
  const last = spans.find((s) => s.kind === 'last')?.text;
  // A Chinese name is written surname first, without a space.
  if (first && last) return { name: isHan(first + last) ? last + first : `${first} ${last}`, first, last };
  const place = spans.find((s) => s.kind === 'country' || s.kind === 'state' || s.kind === 'city')?.text;
  return place ? { name: place, place } : null;
}

/**
 * The K candidates, the same for the same seed: DBName person names pair a first name (any gender)
 * with a surname of the origin; DBName places are countries and cities; InDistName draws whole names
 * of the data's own answer entities.
 */
export function universalCandidates(instances: readonly Instance[], cfg: UniversalConfig): UniversalName[] {
  const k = Math.max(1, Math.min(MAX_UNIVERSAL_CANDIDATES, Math.floor(cfg.candidates)));
  const rand = rng(mixSeed(cfg.seed, hashString('universal'), hashString(cfg.type), hashString(cfg.source), hashString(cfg.origin)));
  if (cfg.source === 'indist') {
    const pool = inDistNames(instances, cfg.type, cfg.target);
    return drawDistinct(k, () => at(pool, rand) ?? null);
  }
  const lang = runLanguage(instances);
  if (cfg.type === 'PER') {
    const f = dbFirstNames(cfg.origin, lang);
    const firsts = [...f.male, ...f.female, ...f.neutral];
    const lasts = dbNames({ kind: 'last' }, cfg.origin, lang);
    return drawDistinct(k, () => {
      const first = at(firsts, rand);
      const last = at(lasts, rand);
      return first && last ? { name: lang === 'zh' ? last + first : `${first} ${last}`, first, last } : null;
    });
  }
  const lists = lang === 'zh' ? zhPlaceLists() : placeLists();
  const places = [...lists.country, ...lists.city];
  return drawDistinct(k, () => {
    const place = at(places, rand);
    return place ? { name: place, place } : null;
  });
}

/** What each of an entity's spans becomes under a candidate: first → first, last → last, a place → the place. */
export function nameSubstitutions(spans: readonly PerturbableSpan[], name: UniversalName): Substitution[] {
  // A Chinese person is replaced whole (its one-character surname alone would match everywhere).
  const whole = zhWholeName(spans);
  if (whole !== null) return name.first && name.last && name.last + name.first !== whole ? [{ from: whole, to: name.last + name.first }] : [];
  const subs: Substitution[] = [];
  let placed = false;
  for (const s of spans) {
    let to: string | undefined;
    if (s.kind === 'first') to = name.first;
    else if (s.kind === 'last') to = name.last;
    else if (!placed && (s.kind === 'country' || s.kind === 'state' || s.kind === 'city')) {
      to = name.place;
      placed = true; // one place per entity: two spans renamed to one name would merge them
    }
    if (to !== undefined && to !== s.text) subs.push({ from: s.text, to });
  }
  return subs;
}

/** An eligible question and what renaming needs of it. */
interface Eligible {
  inst: Instance;
  spans: PerturbableSpan[];
}

/** The questions a universal-name run can rename, and how many of the others fall out per reason. */
export function eligibleInstances(instances: readonly Instance[], type: UniversalType, target: RenameTarget = 'answer'): { items: Eligible[]; ineligible: UniversalResult['ineligible'] } {
  const items: Eligible[] = [];
  const ineligible: UniversalResult['ineligible'] = {};
  const lang = runLanguage(instances);
  for (const inst of instances) {
    const t = inst.lang !== lang ? 'other-language' : inst.isImpossible ? 'unanswerable' : targetsOf(inst, type, target);
    if (typeof t === 'string') ineligible[t] = (ineligible[t] ?? 0) + 1;
    else items.push({ inst, spans: t.spans });
  }
  return { items, ineligible };
}

/** One question with the name put in, or why not, e.g. the name already in the passage would merge two entities. */
export function putName(item: Eligible, name: UniversalName): { perturbed: Instance; contextEdits: Edit[] } | NameSkip {
  const subs = nameSubstitutions(item.spans, name);
  if (subs.length === 0) return 'same-name';
  const present = (n: string) => findMentions(item.inst.context, n, zhLongerNames(n)).length > 0 || findMentions(item.inst.question, n, zhLongerNames(n)).length > 0;
  if (subs.some((s) => present(s.to))) return 'name-present';
  return substituteInstance(item.inst, subs);
}

const keyOf = (s: { start: number; end: number } | null) => (s ? `${s.start}:${s.end}` : 'null');
const inputOf = (inst: Instance, id: string): QaInput => ({ id, question: inst.question, context: inst.context });

/** Best first (Algorithm 2's ranking): the higher weight, then more trials, then by name; a row without a weight (saved before) last. */
export function rankRows(rows: readonly UniversalRow[]): UniversalRow[] {
  const w = (x: UniversalRow) => x.weight ?? -Infinity;
  return [...rows].sort((a, b) => w(b) - w(a) || b.tried - a.tried || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Algorithm 2's update (App. A.1) for one name over n trials: with shares w = worsened/n and i =
 * improved/n, α += (w − i)·n and β += (1 − (w − i))·n; weight = α/(α+β). The paper's example: 20% of
 * B worsened and 10% improved → α += 0.1B, β += 0.9B.
 */
export function updateBeta(p: { alpha: number; beta: number }, n: number, worsened: number, improved: number): { alpha: number; beta: number; weight: number } {
  const alpha = p.alpha + (worsened - improved);
  const beta = p.beta + n - (worsened - improved);
  return { alpha, beta, weight: alpha / (alpha + beta) };
}

/**
 * Indices of `k` items drawn without replacement with probability proportional to weight
 * (Efraimidis–Spirakis keys ln(u)/w). A weight ≤ 0 (α ≤ 0: Beta(α, β) is then no distribution, and
 * Algorithm 2's RandomSample has no probability for it) is drawn only when fewer than k are
 * positive, and then uniformly among the non-positive ones (by u), never by list order.
 */
export function weightedSample(weights: readonly number[], k: number, rand: () => number): number[] {
  const keys = weights.map((w, i) => {
    const u = rand(); // drawn for every item, so one item's weight never shifts the others' draws
    return { i, positive: w > 0, key: w > 0 ? Math.log(1 - u) / w : u };
  });
  return keys.sort((a, b) => Number(b.positive) - Number(a.positive) || b.key - a.key || a.i - b.i).slice(0, k).map((x) => x.i);
}

/** Running totals of one name over its trials. */
interface NameTally {
  alpha: number;
  beta: number;
  weight: number;
  draws: number;
  tried: number;
  changed: number;
  worsened: number;
  improved: number;
  f1Dropped: number;
  skipped: UniversalRow['skipped'];
  examples: string[];
  /** One entry per trial (a question drawn in two iterations counts twice, as in `tried`). */
  questions: QuestionScores[];
}

const newTally = (L: number): NameTally => ({ alpha: 1, beta: 1, weight: 1 / L, draws: 0, tried: 0, changed: 0, worsened: 0, improved: 0, f1Dropped: 0, skipped: {}, examples: [], questions: [] });

/** A name's row from its tally. */
function rowOf(name: string, { questions, ...t }: NameTally): UniversalRow {
  // One computation for the mean drop, its CI and the slice table's all row (universalSliceItems):
  // each question tried once, its renamed score the mean over its trials (issue 38 §7).
  const once = mergeQuestions(questions);
  const original = averageScore(once.map((q) => q.original));
  const renamed = averageScore(once.map((q) => q.perturbed));
  return { name, ...t, share: t.tried ? t.changed / t.tried : NaN, meanF1Drop: dropOf(original.f1, renamed.f1), original, renamed, questions: [...questions] };
}

/** Scores one name's predictions on its D_s against the originals into its tally, and updates α, β and the weight. */
function scoreName(t: NameTally, put: { item: Eligible; r: { perturbed: Instance; contextEdits: Edit[] } }[], preds: readonly QaPrediction[], originals: Map<string, QaPrediction>): void {
  let worsened = 0;
  let improved = 0;
  put.forEach(({ item, r }, k) => {
    const op = originals.get(item.inst.id) as QaPrediction;
    const pp = preds[k] as QaPrediction;
    const span = predictedSpan(pp);
    const back = span ? mapSpanBack(r.contextEdits, span.start, span.end) : null;
    if (keyOf(back) !== keyOf(predictedSpan(op))) {
      t.changed++;
      if (t.examples.length < EXAMPLES && !t.examples.includes(item.inst.id)) t.examples.push(item.inst.id);
    }
    const o = scorePrediction(op.text, item.inst);
    const p = scorePrediction(pp.text, r.perturbed);
    t.questions.push({ id: item.inst.id, dataset: item.inst.dataset, original: o, perturbed: p });
    const drop = dropOf(o.f1, p.f1);
    if (drop > 0) worsened++;
    else if (drop < 0) improved++;
  });
  t.tried += put.length;
  t.worsened += worsened;
  t.improved += improved;
  t.f1Dropped += worsened;
  if (put.length > 0) Object.assign(t, updateBeta(t, put.length, worsened, improved));
}

/**
 * Algorithm 2: N iterations of B names drawn by weight, each put in B randomly drawn eligible
 * questions, then ranked by weight. Progress counts name draws (N·B); a cancel keeps what finished
 * (the result says cancelled, so it is shown as partial).
 */
export async function runUniversal(
  instances: readonly Instance[],
  cfg: UniversalConfig,
  predict: Predictor,
  cb: { signal?: AbortSignal; onProgress?: (p: SweepProgress) => void; names?: readonly UniversalName[]; onCase?: (c: FoundCase) => void; rule?: CategoryRule } = {},
): Promise<UniversalResult> {
  const { items, ineligible } = eligibleInstances(instances, cfg.target === 'question-person' ? 'PER' : cfg.type, cfg.target);
  // Given names (a researcher's own list, or a test's) replace the seeded draw.
  const names = cb.names ? [...cb.names] : universalCandidates(instances, cfg);
  const top = Math.max(1, Math.floor(cfg.top));
  const N = Math.max(1, Math.min(MAX_UNIVERSAL_ITERATIONS, Math.floor(cfg.iterations ?? DEFAULT_UNIVERSAL.iterations ?? 10)));
  const B = Math.max(1, Math.min(MAX_UNIVERSAL_SAMPLE, Math.floor(cfg.sample ?? DEFAULT_UNIVERSAL.sample ?? 10)));
  const tallies = names.map(() => newTally(names.length));
  let done = 0;
  const result = (cancelled: boolean, original = { em: NaN, f1: NaN }): UniversalResult => {
    const rows = names.flatMap((n, i) => ((tallies[i] as NameTally).draws > 0 ? [rowOf(n.name, tallies[i] as NameTally)] : []));
    return { eligible: items.length, ineligible, candidates: names.length, tried: rows.length, iterations: done, plannedIterations: N, rows: rankRows(rows), top, original, cancelled };
  };
  if (items.length === 0 || names.length === 0) return result(false);
  const perIteration = Math.min(B, names.length);
  const report = (k: number, label: string) => cb.onProgress?.({ done: k, total: N * perIteration, label });

  report(0, 'original predictions');
  const orig = await predict(items.map(({ inst }) => inputOf(inst, inst.id)));
  if (orig.cancelled || cb.signal?.aborted) return result(true);
  const originals = new Map(orig.predictions.map((p) => [p.id, p]));
  const scores = items.map(({ inst }) => scorePrediction(originals.get(inst.id)?.text ?? '', inst));
  const original = { em: (100 * scores.reduce((a, s) => a + s.em, 0)) / scores.length, f1: (100 * scores.reduce((a, s) => a + s.f1, 0)) / scores.length };

  const rand = rng(mixSeed(cfg.seed, hashString('universal-algorithm-2')));
  for (let it = 0; it < N; it++) {
    // V_s by the current weights (a weight ≤ 0 only when too few are positive); D_s uniformly.
    const vs = weightedSample(tallies.map((t) => t.weight), perIteration, rand);
    const ds = weightedSample(items.map(() => 1), Math.min(B, items.length), rand).sort((a, b) => a - b).map((k) => items[k] as Eligible);
    for (const [j, v] of vs.entries()) {
      await nextTask();
      if (cb.signal?.aborted) return result(true, original);
      const name = names[v] as UniversalName;
      const t = tallies[v] as NameTally;
      report(it * perIteration + j, `iteration ${it + 1}/${N}: trying ${name.name}`);
      const put: { item: Eligible; r: { perturbed: Instance; contextEdits: Edit[] } }[] = [];
      for (const item of ds) {
        const r = putName(item, name);
        if (typeof r === 'string') t.skipped[r] = (t.skipped[r] ?? 0) + 1;
        else put.push({ item, r });
      }
      const res = await predict(put.map(({ item, r }) => inputOf(r.perturbed, `${item.inst.id}#u${v}i${it}`)));
      if (res.cancelled) return result(true, original);
      t.draws++;
      scoreName(t, put, res.predictions, originals);
      put.forEach(({ item, r }, k) => {
        const op = originals.get(item.inst.id)?.text ?? '';
        const pp = res.predictions[k]?.text ?? '';
        if (isC2W(scorePrediction(op, item.inst), scorePrediction(pp, r.perturbed), cb.rule)) cb.onCase?.(foundCase(item.inst, r.perturbed, { original: op, perturbed: pp }, { name: name.name }));
      });
      report(it * perIteration + j + 1, `${name.name} done`);
    }
    done = it + 1;
  }
  return result(false, original);
}
