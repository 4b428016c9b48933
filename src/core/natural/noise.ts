/**
 * Synthetic noise to compare with natural edits, after NLPAug's augmenters: character level
 * (keyboard typo, OCR error, random insert / substitute / swap / delete) and word level (swap,
 * delete, split, synonym substitution, insertion). Seeded; words inside a gold answer are never
 * touched, so answers stay exact and their offsets are recomputed.
 */
import nlp from 'compromise';
import synonyms from 'synonyms';
import type { GoldAnswer, Instance } from '../data/types.ts';
import { wordTokens } from '../diff.ts';
import common from '../entity/common-words.json' with { type: 'json' };
import { applyEdits, mapForward, type Edit } from '../entity/substitute.ts';
import { hashString, mixSeed, pick, rng } from '../random.ts';
import { NOISE_LABELS, type NoiseKind, type NoiseOptions } from './noise-kinds.ts';

export { NOISE_KINDS, NOISE_LABELS, type NoiseKind, type NoiseOptions } from './noise-kinds.ts';


// QWERTY neighbours (NLPAug's keyboard model, lower case; capitals keep their case).
const KEYBOARD: Record<string, string> = {
  q: 'wa', w: 'qeas', e: 'wrsd', r: 'etdf', t: 'ryfg', y: 'tugh', u: 'yihj', i: 'uojk', o: 'ipkl', p: 'ol',
  a: 'qwsz', s: 'awedxz', d: 'serfcx', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', j: 'huikmn', k: 'jiolm', l: 'kop',
  z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
};
// Characters OCR confuses (both ways).
const OCR: Record<string, string[]> = { o: ['0'], '0': ['o', 'O'], l: ['1', 'I'], '1': ['l'], i: ['1', 'l'], s: ['5'], '5': ['s', 'S'], b: ['8', '6'], '8': ['B'], e: ['c'], a: ['o'], g: ['9', 'q'], z: ['2'], m: ['rn'], rn: ['m'], B: ['8'], S: ['5'], O: ['0'], I: ['1'], Z: ['2'] };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const COMMON = (common as string[]).slice(0, 2000);
// The most frequent words are function words ("in", "was"): WordNet's senses for them are noise.
const FUNCTION_WORDS = new Set((common as string[]).slice(0, 150));


export interface NoiseResult {
  perturbed: Instance;
  edits: Edit[];
  /** Words changed. */
  changed: number;
}

const isWord = (t: string) => /[\p{L}\p{N}]/u.test(t);
const keepCase = (orig: string, rep: string) => (orig === orig.toUpperCase() && orig !== orig.toLowerCase() ? rep.toUpperCase() : rep);

/**
 * A character-level change of one word, or null when the word has nothing to change, e.g. keyboard
 * 'bridge' → 'brisge'. Characters are code points: a change inside a surrogate pair ("𝒜") would
 * leave half of it, which no encoder can write.
 */
function changeChars(word: string, kind: NoiseKind, rand: () => number): string | null {
  const cps = Array.from(word);
  const at = Math.floor(rand() * cps.length);
  const ch = cps[at] as string;
  const put = (from: number, to: number, s: string) => cps.slice(0, from).join('') + s + cps.slice(to).join('');
  switch (kind) {
    case 'keyboard': {
      const near = KEYBOARD[ch.toLowerCase()];
      return near ? put(at, at + 1, keepCase(ch, pick([...near], rand))) : null;
    }
    case 'ocr': {
      const spots = [...word.matchAll(/rn|[olis5b8eagzmBSOIZ01]/g)];
      if (!spots.length) return null;
      const m = pick(spots, rand);
      return word.slice(0, m.index) + pick(OCR[m[0]] ?? [m[0]], rand) + word.slice(m.index + m[0].length);
    }
    case 'char-insert':
      return put(at, at, pick([...LETTERS], rand));
    case 'char-substitute':
      return put(at, at + 1, keepCase(ch, pick([...LETTERS.replace(ch.toLowerCase(), '')], rand)));
    case 'char-swap':
      return cps.length < 2 ? null : at + 1 < cps.length ? put(at, at + 2, (cps[at + 1] as string) + ch) : put(at - 1, at + 1, ch + (cps[at - 1] as string));
    case 'char-delete':
      return cps.length < 2 ? null : put(at, at + 1, '');
    default:
      return null;
  }
}

/** WordNet's part-of-speech keys for compromise's tags: noun, verb, adjective (a, s), adverb. */
function wordnetPos(tags: readonly string[]): string[] {
  if (tags.includes('ProperNoun') || tags.includes('Value')) return [];
  if (tags.includes('Verb')) return ['v'];
  if (tags.includes('Adjective')) return ['a', 's'];
  if (tags.includes('Adverb')) return ['r'];
  if (tags.includes('Noun')) return ['n'];
  return [];
}

/** Part of speech (WordNet keys) of each word of a text by its start offset, from compromise. */
function partsOfSpeech(text: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const s of nlp(text).json({ offset: true, terms: { offset: true } }) as { terms: { tags: string[]; offset: { start: number } }[] }[]) {
    for (const t of s.terms) out.set(t.offset.start, wordnetPos(t.tags));
  }
  return out;
}

/**
 * A WordNet synonym of a single word with the same part of speech, e.g. synonymOf('quickly', ['r'], r)
 * is 'rapidly', 'speedily'…; null when none (function words and names have none).
 */
export function synonymOf(word: string, pos: readonly string[], rand: () => number): string | null {
  const entry = synonyms.dictionary[word.toLowerCase()];
  if (!entry || pos.length === 0 || FUNCTION_WORDS.has(word.toLowerCase())) return null;
  const options = [...new Set(pos.flatMap((p) => entry[p] ?? []))].filter((w) => w !== word.toLowerCase() && /^[a-z]{3,}$/.test(w));
  if (!options.length) return null;
  const s = pick(options, rand);
  return /^\p{Lu}/u.test(word) ? s[0]?.toUpperCase() + s.slice(1) : s;
}

/**
 * Adds synthetic noise to a passage, e.g. addNoise(inst, { kind: 'keyboard', rate: 0.3, seed: 1 }).
 * Returns null when the passage has no word outside the answers to change.
 */
export function addNoise(inst: Instance, opts: NoiseOptions): NoiseResult | null {
  const rand = rng(mixSeed(opts.seed, hashString(inst.id), hashString(opts.kind)));
  const tokens: { text: string; start: number }[] = [];
  let pos = 0;
  for (const t of wordTokens(inst.context)) {
    tokens.push({ text: t, start: pos });
    pos += t.length;
  }
  const inAnswer = (s: number, e: number) => inst.answers.some((a) => s < a.start + a.text.length && a.start < e);
  const words = tokens.map((t, i) => ({ ...t, i })).filter((t) => isWord(t.text) && !inAnswer(t.start, t.start + t.text.length));
  if (!words.length) return null;
  const wanted = Math.max(1, Math.round(opts.rate * words.length));
  const order = words.map((w) => ({ w, r: rand() })).sort((a, b) => a.r - b.r).map((x) => x.w);
  const spans: { start: number; end: number; to: string }[] = [];
  const busy = new Set<number>();
  let tags: Map<number, string[]> | null = null;
  for (const w of order) {
    if (spans.length >= wanted) break;
    if (busy.has(w.i)) continue;
    let span: { start: number; end: number; to: string } | null = null;
    switch (opts.kind) {
      case 'word-delete': {
        // Delete the word and the space after it, so no double spaces remain.
        const next = tokens[w.i + 1];
        const end = next && /^\s+$/.test(next.text) ? next.start + next.text.length : w.start + w.text.length;
        span = { start: w.start, end, to: '' };
        busy.add(w.i + 1);
        break;
      }
      case 'word-swap': {
        const partner = words.find((x) => x.i === w.i + 2 && /^\s+$/.test(tokens[w.i + 1]?.text ?? ''));
        if (partner && !busy.has(partner.i)) {
          span = { start: w.start, end: partner.start + partner.text.length, to: partner.text + (tokens[w.i + 1]?.text ?? ' ') + w.text };
          busy.add(partner.i);
        }
        break;
      }
      case 'word-split': {
        // Cut between code points, never inside a surrogate pair.
        const cps = Array.from(w.text);
        if (cps.length >= 4) {
          const cut = 1 + Math.floor(rand() * (cps.length - 2));
          span = { start: w.start, end: w.start + w.text.length, to: `${cps.slice(0, cut).join('')} ${cps.slice(cut).join('')}` };
        }
        break;
      }
      case 'synonym': {
        tags ??= partsOfSpeech(inst.context);
        const s = /^[a-z]+$/.test(w.text) ? synonymOf(w.text, tags.get(w.start) ?? [], rand) : null;
        if (s) span = { start: w.start, end: w.start + w.text.length, to: s };
        break;
      }
      case 'word-insert':
        span = { start: w.start, end: w.start, to: `${pick(COMMON, rand)} ` };
        break;
      default: {
        const to = changeChars(w.text, opts.kind, rand);
        if (to !== null && to !== w.text) span = { start: w.start, end: w.start + w.text.length, to };
      }
    }
    if (span) {
      spans.push(span);
      busy.add(w.i);
    }
  }
  const { text, edits } = applyEdits(inst.context, spans);
  const answers: GoldAnswer[] = inst.answers.map((a) => ({ text: a.text, start: mapForward(edits, a.start) }));
  if (answers.some((a) => text.slice(a.start, a.start + a.text.length) !== a.text)) return null;
  return { perturbed: { ...inst, context: text, answers, revision: undefined, trap: undefined, paraphrases: undefined }, edits, changed: spans.length };
}

/**
 * The questions as pairs of their passage and a noisy copy (the revision slot holds the copy), for
 * comparing synthetic with natural edits; `dropped` counts passages with nothing to change.
 */
export function noisyPairs(instances: readonly Instance[], opts: NoiseOptions): { instances: Instance[]; dropped: number } {
  const out: Instance[] = [];
  let dropped = 0;
  for (const inst of instances) {
    if (inst.lang !== 'en') continue;
    const n = addNoise(inst, opts);
    if (!n) {
      dropped++;
      continue;
    }
    out.push({ ...inst, revision: { context: n.perturbed.context, answers: n.perturbed.answers, intent: `synthetic: ${NOISE_LABELS[opts.kind]}` } });
  }
  return { instances: out, dropped };
}
