/**
 * Rule-based question paraphrases of DuReader-robust's kinds, in English and Chinese. Seeded and
 * deterministic (the same question, kind and seed give the same paraphrase), labelled with their
 * kind, never identical to the question; passage and answers are never touched.
 */
import type { Instance } from '../data/types.ts';
import { hashString, mixSeed, pick, rng } from '../text/random.ts';
import { isNone, KIND_LABELS, type GeneratedKind, type Paraphrase, type ParaphraseResult, type Rewrite } from './kinds.ts';
import { contentWordEn, functionWordEn, reorderEn, synonymEn } from './paraphrase-en.ts';
import { contentWordZh, functionWordZh, reorderZh, synonymZh } from './paraphrase-zh.ts';
import { datasetParaphrases } from './dataset-paraphrases.ts';

export { datasetParaphrases } from './dataset-paraphrases.ts';

export * from './kinds.ts';

type BaseKind = Exclude<GeneratedKind, 'combined'>;
const BASE_KINDS: readonly BaseKind[] = ['reorder', 'function-word', 'synonym', 'content-word'];

const RULES: Record<'en' | 'zh', Record<BaseKind, (q: string) => Rewrite[]>> = {
  en: { reorder: reorderEn, 'function-word': functionWordEn, synonym: synonymEn, 'content-word': contentWordEn },
  zh: { reorder: reorderZh, 'function-word': functionWordZh, synonym: synonymZh, 'content-word': contentWordZh },
};

/** Every distinct rewrite of one kind that differs from the question (surrounding spaces ignored). */
function candidates(q: string, lang: 'en' | 'zh', kind: BaseKind): Rewrite[] {
  const seen = new Set<string>();
  return RULES[lang][kind](q).filter((r) => {
    const t = r.question.trim();
    if (t === q.trim() || t === '' || seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}

/** Two different kinds applied one after the other (the order and kinds seeded); none when no two kinds apply in turn. */
function combined(q: string, lang: 'en' | 'zh', rand: () => number): ParaphraseResult {
  const order = shuffle(BASE_KINDS, rand);
  for (const first of order) {
    const a = candidates(q, lang, first);
    if (!a.length) continue;
    const step = pick(a, rand);
    for (const second of order) {
      if (second === first) continue;
      const b = candidates(step.question, lang, second).filter((r) => r.question.trim() !== q.trim());
      if (!b.length) continue;
      const end = pick(b, rand);
      return { question: end.question, kind: 'combined', parts: [first, second], detail: `${KIND_LABELS[first]}: ${step.detail}; ${KIND_LABELS[second]}: ${end.detail}` };
    }
  }
  return { none: 'no two kinds apply one after the other' };
}

/** A seeded Fisher–Yates shuffle (a copy). */
function shuffle<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * One paraphrase of a question, e.g. paraphraseQuestion('Who won in 1966?', 'en', 'reorder', 1) →
 * { question: 'In 1966, who won?', kind: 'reorder', … }; { none: reason } when the kind's rules
 * find nothing to change.
 */
export function paraphraseQuestion(question: string, lang: 'en' | 'zh', kind: GeneratedKind, seed: number): ParaphraseResult {
  const rand = rng(mixSeed(seed, hashString(question), hashString(kind)));
  if (kind === 'combined') return combined(question, lang, rand);
  const list = candidates(question, lang, kind);
  if (!list.length) return { none: `no ${KIND_LABELS[kind]} applies to this question` };
  const r = pick(list, rand);
  return { question: r.question, kind, detail: r.detail };
}

/** One question paired with a paraphrase: the original instance and the reworded question, labelled. */
export interface ParaphraseItem {
  instance: Instance;
  paraphrase: Paraphrase;
}

/** Where paraphrases come from in a run: the dataset's own, or a generator of each listed kind (seeded). */
export interface ParaphraseSource {
  dataset: boolean;
  kinds: readonly GeneratedKind[];
  seed: number;
}

/**
 * The paraphrase items of a set: for each question the dataset's paraphrases and one of each
 * generator kind; `none` counts the (kind, question) pairs no rule applied to, with the first ids.
 */
export function paraphraseItems(instances: readonly Instance[], source: ParaphraseSource): { items: ParaphraseItem[]; none: Partial<Record<GeneratedKind, { count: number; ids: string[] }>> } {
  const items: ParaphraseItem[] = [];
  const none: Partial<Record<GeneratedKind, { count: number; ids: string[] }>> = {};
  for (const instance of instances) {
    if (source.dataset) for (const paraphrase of datasetParaphrases(instance)) items.push({ instance, paraphrase });
    for (const kind of source.kinds) {
      const r = paraphraseQuestion(instance.question, instance.lang, kind, source.seed);
      if (!isNone(r)) {
        items.push({ instance, paraphrase: r });
        continue;
      }
      const n = (none[kind] ??= { count: 0, ids: [] });
      n.count++;
      if (n.ids.length < 5) n.ids.push(instance.id);
    }
  }
  return { items, none };
}
