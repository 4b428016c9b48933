/**
 * Metrics sliced by a key (slice-keys.ts): per label, the question count and mean EM/F1, and for a
 * perturbation the perturbed EM/F1 and the drop (original − perturbed, positive = worse), beside the same numbers over all questions.
 * Per-question scores are the official metric of the data (SQuAD for English, DuReader-robust's
 * character-level one for Chinese), so count-weighted slice means add up to the overall score.
 */
import type { Score } from '../data/score.ts';
import { calcEmScore, calcF1Score } from './dureader.ts';
import { maxOverGolds, type SquadDataset, type SquadPredictions } from './squad.ts';
import { naturalRank, sliceValue, type SliceKey, type SliceSource } from './slice-keys.ts';
import { scoreDrop } from './drop.ts';

export * from './slice-keys.ts';

/** Cells resting on fewer questions than this are flagged (shown, never hidden) in tables, charts and exports: their means are noisy. */
export const SMALL_N = 30;
/** The slice tables' name for the same threshold. */
export const SMALL_SLICE = SMALL_N;

/** Whether a count is below the small-n threshold, e.g. isSmallN(29) → true, isSmallN(30) → false. */
export const isSmallN = (n: number): boolean => n < SMALL_N;
/** The glyph beside a small-n cell, the same in the app, the CLI and the charts. */
export const SMALL_MARK = '*';
/** What the glyph means, in one phrase, e.g. 'fewer than 30 questions (a noisy mean)'. */
export const SMALL_NOTE = `fewer than ${SMALL_N} questions (a noisy mean)`;
/** A printed count with the glyph when it is small, e.g. smallCount(12) === '12 *', smallCount(30) === '30'. */
export const smallCount = (n: number): string => (isSmallN(n) ? `${n} ${SMALL_MARK}` : String(n));
/** The legend line under a printed table when any count is small, else '', e.g. smallLegend([12]) === '* fewer than 30 questions (a noisy mean)\n'. */
export const smallLegend = (counts: readonly number[]): string => (counts.some(isSmallN) ? `${SMALL_MARK} ${SMALL_NOTE}\n` : '');

/** One question: what it is (for its label) and its scores in 0..1; `perturbed` for perturbation experiments. */
export interface SliceItem {
  source: SliceSource;
  original: Score;
  /** The mean over this question's perturbed answers (several paraphrases, seeds, …). */
  perturbed?: Score;
  /** How many perturbed answers `perturbed` is the mean of (1 when absent): a slice's perturbed mean is over answers, as the headline's. */
  perturbedN?: number;
}

/** The figures of all questions as an experiment's headline computes them (scores in 0..100); the slice table's all row shows these. */
export interface SliceTotals {
  n: number;
  original: Score;
  perturbed: Score | null;
  /** Perturbed answers behind `perturbed` (n when absent). */
  perturbedN?: number;
}

/** One label's row; scores in 0..100, `drop` = original − perturbed, positive = worse (scoreDrop; null without a perturbation). */
export interface SliceRow {
  value: string;
  n: number;
  /** n < SMALL_N. */
  small: boolean;
  original: Score;
  perturbed: Score | null;
  drop: Score | null;
  /** Perturbed answers the perturbed mean is over (paraphrases, seeds…; = n when one per question). */
  perturbedN: number;
}

/** Every label's row under one key, and the row of all questions. */
export interface SliceTable {
  key: SliceKey;
  rows: SliceRow[];
  all: SliceRow;
  /** Every item had a perturbed score (the table has perturbed and drop columns). */
  perturbed: boolean;
}

/** Sums of scores, turned into a row by `toRow`. */
interface Acc {
  n: number;
  em: number;
  f1: number;
  pem: number;
  pf1: number;
  /** Perturbed answers summed in pem/pf1. */
  pn: number;
}

/** A row from sums, e.g. toRow('who', { n: 2, em: 1, f1: 1.5, pem: 0, pf1: 0, pn: 2 }, true).original → { em: 50, f1: 75 }. */
function toRow(value: string, a: Acc, perturbed: boolean): SliceRow {
  const original = { em: (100 * a.em) / a.n, f1: (100 * a.f1) / a.n };
  const pert = perturbed ? { em: (100 * a.pem) / a.pn, f1: (100 * a.pf1) / a.pn } : null;
  return totalsRow(value, { n: a.n, original, perturbed: pert, perturbedN: a.pn });
}

/** A row from totals, e.g. an experiment's headline as the all row; drop = original − perturbed (scoreDrop). */
function totalsRow(value: string, t: SliceTotals): SliceRow {
  const { n, original, perturbed: pert } = t;
  return { value, n, small: isSmallN(n), original, perturbed: pert, drop: pert ? scoreDrop(original, pert) : null, perturbedN: t.perturbedN ?? n };
}

/**
 * Slices items by `key`, e.g. sliceTable([{ source: q1, original: { em: 1, f1: 1 } }], 'qword').rows[0]
 * → { value: 'who', n: 1, small: true, original: { em: 100, f1: 100 }, perturbed: null, drop: null }.
 * Rows of keys with a natural order (question word, length) follow it; the others go by count, then label.
 * With `headline` (the experiment's own figures over the same questions) the all row is that, so
 * one quantity has one value wherever it is shown; a perturbed mean is over perturbed answers
 * (`perturbedN`), as the headline's is.
 */
export function sliceTable(items: readonly SliceItem[], key: SliceKey, headline?: SliceTotals): SliceTable {
  const perturbed = items.length > 0 && items.every((i) => i.perturbed !== undefined);
  const groups = new Map<string, Acc>();
  const all: Acc = { n: 0, em: 0, f1: 0, pem: 0, pf1: 0, pn: 0 };
  for (const it of items) {
    const v = sliceValue(it.source, key);
    let g = groups.get(v);
    if (!g) groups.set(v, (g = { n: 0, em: 0, f1: 0, pem: 0, pf1: 0, pn: 0 }));
    const w = it.perturbedN ?? 1;
    for (const acc of [g, all]) {
      acc.n++;
      acc.em += it.original.em;
      acc.f1 += it.original.f1;
      acc.pem += (it.perturbed?.em ?? 0) * w;
      acc.pf1 += (it.perturbed?.f1 ?? 0) * w;
      acc.pn += w;
    }
  }
  const rows = [...groups].map(([v, a]) => toRow(v, a, perturbed));
  rows.sort((a, b) => {
    const ra = naturalRank(key, a.value);
    const rb = naturalRank(key, b.value);
    if (ra !== rb) return ra === -1 ? 1 : rb === -1 ? -1 : ra - rb;
    return b.n - a.n || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
  });
  const allRow = headline ? totalsRow('all', { ...headline, perturbed: perturbed ? headline.perturbed : null }) : all.n ? toRow('all', all, perturbed) : { value: 'all', n: 0, small: true, original: { em: NaN, f1: NaN }, perturbed: null, drop: null, perturbedN: 0 };
  return { key, rows, all: allRow, perturbed };
}

/** Which official metric scores a file, as `qarx eval` prints it. */
export type EvalMode = 'v1.1' | 'v2.0' | 'zh';

/**
 * Each question's EM/F1 (0..1) exactly as the official script counts it, so slice means add up to
 * its printed score: v1.1 scores a missing prediction 0; v2.0 leaves it out and applies the no-answer
 * threshold (na_prob > thresh → answered ""); DuReader reads only the first article and scores a
 * missing prediction 0. e.g. officialScores(ds, { q1: 'Paris' }, 'v1.1').get('q1') → { em: 1, f1: 1 }.
 */
export function officialScores(dataset: SquadDataset, preds: SquadPredictions, mode: EvalMode, na?: { probs: ReadonlyMap<string, number>; thresh: number }): Map<string, Score> {
  const get = (id: string) => (preds instanceof Map ? (preds as ReadonlyMap<string, string>).get(id) : Object.hasOwn(preds, id) ? (preds as Record<string, string>)[id] : undefined);
  const out = new Map<string, Score>();
  const articles = mode === 'zh' ? dataset.data.slice(0, 1) : dataset.data;
  for (const art of articles) {
    for (const par of art.paragraphs) {
      for (const qa of par.qas) {
        const id = String(qa.id);
        const pred = get(id);
        const golds = qa.answers.map((a) => a.text);
        if (pred === undefined) {
          if (mode !== 'v2.0') out.set(id, { em: 0, f1: 0 });
          continue;
        }
        if (mode === 'zh') out.set(id, { em: calcEmScore(golds, pred), f1: calcF1Score(golds, pred) });
        else if (mode === 'v1.1') out.set(id, { em: maxOverGolds('em', pred, golds, 'v1.1'), f1: maxOverGolds('f1', pred, golds, 'v1.1') });
        else {
          const prob = na?.probs.get(id);
          // The script's apply_no_ans_threshold: above the threshold the answer counts as "no answer".
          if (prob !== undefined && na && prob > na.thresh) out.set(id, golds.length === 0 ? { em: 1, f1: 1 } : { em: 0, f1: 0 });
          else out.set(id, { em: maxOverGolds('em', pred, golds, 'v2.0'), f1: maxOverGolds('f1', pred, golds, 'v2.0') });
        }
      }
    }
  }
  return out;
}

/**
 * Slice items from an experiment's per-question rows and the questions they were run on, matched
 * by dataset and id (by id alone when a row has no dataset), e.g.
 * joinScores(instances, pairRows, (r) => ({ original: r.original, perturbed: r.perturbed })); rows with no question are left out.
 */
export function joinScores<R extends { id: string; dataset?: string }>(sources: readonly (SliceSource & { id: string })[], rows: readonly R[], scores: (r: R) => Omit<SliceItem, 'source'>): SliceItem[] {
  const byKey = new Map<string, SliceSource>();
  for (const s of sources) {
    byKey.set(`${s.dataset}\u0000${s.id}`, s);
    if (!byKey.has(s.id)) byKey.set(s.id, s);
  }
  return rows.flatMap((r) => {
    const source = byKey.get(r.dataset === undefined ? r.id : `${r.dataset}\u0000${r.id}`);
    return source ? [{ source, ...scores(r) }] : [];
  });
}
