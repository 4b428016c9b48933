/**
 * RESEMBLE's canonical names chosen on a validation split (Balasubramanian et al. 2020, §4: "a small
 * set M of entities of type c on which the model provides high accuracy on a validation set"). The
 * eligible questions are split with the run's seed; each candidate of a span kind's pool replaces
 * that kind's entity in every validation question that has one; the M candidates with the highest
 * mean F1 there are the canonical names, and the run's figures are on the test part only.
 */
import type { Instance } from '../data/types.ts';
import { mixSeed, rng } from '../text/random.ts';
import type { SpanKind } from './names.ts';
import type { EntityChoice, Gender } from './options.ts';
import { substituteInstance } from './rename.ts';
import { detectEntities, perturbableSpans } from './spans.ts';
import { findMentions } from './substitute.ts';

/** A canonical-name list's key: the span kind, person first names by gender. */
export type CanonicalKey = Exclude<SpanKind, 'first'> | `first-${Gender}`;

/** Canonical names per key (M of them each). */
export type CanonicalNames = Record<CanonicalKey, string[]>;

/** Share of the eligible questions that choose the canonical names; the rest are the test part. */
export const VALIDATION_SHARE = 0.3;

/** The candidates per key, very common names; the first three are the fallback order (the former fixed lists). */
export const CANONICAL_POOL: CanonicalNames = {
  'first-male': ['James', 'John', 'Robert', 'Michael', 'William', 'David'],
  'first-female': ['Mary', 'Elizabeth', 'Sarah', 'Patricia', 'Jennifer', 'Linda'],
  'first-neutral': ['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Jamie'],
  last: ['Smith', 'Johnson', 'Brown', 'Williams', 'Jones', 'Miller'],
  country: ['France', 'Germany', 'Japan', 'Canada', 'Italy', 'Spain'],
  state: ['California', 'Texas', 'Ontario', 'Florida', 'Ohio', 'Virginia'],
  city: ['London', 'Chicago', 'Berlin', 'Paris', 'Boston', 'Madrid'],
  nnp: ['Smith', 'Johnson', 'Miller', 'Davis', 'Wilson', 'Taylor'],
  rare: ['Smith', 'Johnson', 'Miller', 'Davis', 'Wilson', 'Taylor'],
};

/** A span's list key, e.g. canonicalKey({ kind: 'first', gender: 'female' }) → 'first-female'. */
export function canonicalKey(span: { kind: SpanKind; gender?: Gender }): CanonicalKey {
  return span.kind === 'first' ? `first-${span.gender ?? 'neutral'}` : span.kind;
}

/** The first m names of every pool: the canonical names where nothing was chosen (live view, no validation data). */
export function defaultCanonical(m: number): CanonicalNames {
  return Object.fromEntries(Object.entries(CANONICAL_POOL).map(([k, v]) => [k, v.slice(0, m)])) as CanonicalNames;
}

/**
 * The seeded split: a Fisher–Yates shuffle by rng(seed) puts round(share·n) questions in the
 * validation part (at least one of each part when n ≥ 2); each part keeps the input order.
 */
export function splitValidation<T extends { id: string }>(items: readonly T[], seed: number, share = VALIDATION_SHARE): { validation: T[]; test: T[] } {
  const n = items.length;
  const order = items.map((_, i) => i);
  const rand = rng(mixSeed(seed, 0x5e4b1e));
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const v = n < 2 ? 0 : Math.min(n - 1, Math.max(1, Math.round(share * n)));
  const inVal = new Set(order.slice(0, v));
  return { validation: items.filter((_, i) => inVal.has(i)), test: items.filter((_, i) => !inVal.has(i)) };
}

/** One validation question with one key's entity replaced by one candidate. */
export interface CanonicalProbe {
  key: CanonicalKey;
  name: string;
  instance: Instance;
}

/**
 * The probes of the validation questions: per question and key, its first span of that kind (of
 * the defended type) replaced by each candidate, in passage, question and answers. A candidate
 * already in the passage, or one that would lose every gold answer, is not probed there.
 */
export function canonicalProbes(validation: readonly Instance[], type: EntityChoice, pool: CanonicalNames = CANONICAL_POOL): CanonicalProbe[] {
  const probes: CanonicalProbe[] = [];
  for (const inst of validation) {
    const spans = detectEntities(inst.context).filter((e) => type === 'MIX' || e.type === type).flatMap((e) => perturbableSpans(e));
    const firstOf = new Map<CanonicalKey, string>();
    for (const s of spans) if (!firstOf.has(canonicalKey(s))) firstOf.set(canonicalKey(s), s.text);
    for (const [key, from] of firstOf) {
      for (const name of pool[key]) {
        if (name === from || findMentions(inst.context, name).length > 0) continue;
        const r = substituteInstance(inst, [{ from, to: name }]);
        if (r === 'answer-lost') continue;
        probes.push({ key, name, instance: { ...r.perturbed, id: `${inst.id}#canon-${key}-${name}` } });
      }
    }
  }
  return probes;
}

/** What the validation part chose: per key the names with their mean F1 and EM (percent) and question count there. */
export interface CanonicalChoice {
  names: CanonicalNames;
  scores: Partial<Record<CanonicalKey, { name: string; f1: number; em: number; n: number }[]>>;
}

/**
 * The top M candidates per key by mean F1 over their probes (then mean EM, then pool order);
 * candidates never probed rank after the probed ones in pool order, so a key no validation
 * question has keeps the pool's first M.
 */
export function chooseCanonical(probes: readonly { key: CanonicalKey; name: string; score: { em: number; f1: number } }[], m: number, pool: CanonicalNames = CANONICAL_POOL): CanonicalChoice {
  const names = {} as CanonicalNames;
  const scores: CanonicalChoice['scores'] = {};
  for (const key of Object.keys(pool) as CanonicalKey[]) {
    const rows = pool[key].map((name, i) => {
      const mine = probes.filter((p) => p.key === key && p.name === name);
      const mean = (f: (s: { em: number; f1: number }) => number) => (mine.length ? (100 * mine.reduce((a, p) => a + f(p.score), 0)) / mine.length : -1);
      return { name, i, f1: mean((s) => s.f1), em: mean((s) => s.em), n: mine.length };
    });
    rows.sort((a, b) => b.f1 - a.f1 || b.em - a.em || a.i - b.i);
    names[key] = rows.slice(0, m).map((r) => r.name);
    if (rows.some((r) => r.n > 0)) scores[key] = rows.filter((r) => r.n > 0).map(({ name, f1, em, n }) => ({ name, f1, em, n }));
  }
  return { names, scores };
}
