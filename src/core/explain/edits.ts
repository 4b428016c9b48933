/**
 * The single edits a search for a breaking edit tries, from the project's own perturbation
 * families: one entity renamed (MIX names of the chosen source, DBName by default, in the budget
 * experiment's order, seeds S, S+1, …),
 * one generated trap sentence at each of the four positions, one paraphrase rule applied once, one
 * noise edit of each kind at the lowest rate (NLPAug's minimum: one word per input).
 */
import type { Instance } from '../data/types.ts';
import { SOURCE_LABELS } from '../entity/options.ts';
import { renameInstance } from '../entity/rename.ts';
import { addNoise, NOISE_KINDS, NOISE_LABELS } from '../natural/noise.ts';
import { KIND_LABELS, type GeneratedKind, type Rewrite } from '../sensitivity/kinds.ts';
import { contentWordEn, functionWordEn, reorderEn, synonymEn } from '../sensitivity/paraphrase-en.ts';
import { contentWordZh, functionWordZh, reorderZh, synonymZh } from '../sensitivity/paraphrase-zh.ts';
import { trapFor } from '../trap/experiment.ts';
import { POSITION_LABELS, TRAP_POSITIONS } from '../trap/insert.ts';
import type { EditOptions, Family, RenameDetail } from './search-options.ts';
import { renameLabel } from './sequence.ts';

export { FAMILIES, FAMILY_LABELS, type EditOptions, type Family } from './search-options.ts';

/** NLPAug's lowest rate: aug_p 0 leaves aug_word_min, one word per input (per sentence for split, synonym, insertion). */
export const NOISE_MIN_RATE = 0;

/** One edit of an instance: its family, what it did in words, and the edited instance (a renaming: its names too). */
export interface EditCandidate {
  family: Family;
  label: string;
  instance: Instance;
  rename?: RenameDetail;
}

export const DEFAULT_EDITS: EditOptions = { seed: 1, renames: 10, source: 'db' };

type BaseKind = Exclude<GeneratedKind, 'combined'>;
const PARAPHRASE_RULES: Record<'en' | 'zh', [BaseKind, (q: string) => Rewrite[]][]> = {
  en: [['reorder', reorderEn], ['function-word', functionWordEn], ['synonym', synonymEn], ['content-word', contentWordEn]],
  zh: [['reorder', reorderZh], ['function-word', functionWordZh], ['synonym', synonymZh], ['content-word', contentWordZh]],
};

const clean = (inst: Instance, patch: Partial<Instance>): Instance => ({ ...inst, ...patch, revision: undefined, trap: undefined, paraphrases: undefined });

/** The renamings of the answer entity, seeds in order, each distinct result once. */
function renames(inst: Instance, o: EditOptions): EditCandidate[] {
  const out: EditCandidate[] = [];
  const seen = new Set<string>();
  for (let s = o.seed; s < o.seed + o.renames; s++) {
    const r = renameInstance(inst, { type: 'MIX', source: o.source, origin: 'us', seed: s }, o.pool);
    if (typeof r === 'string') continue;
    const key = `${r.perturbed.question}\u0000${r.perturbed.context}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rename = { substitutions: r.substitutions, note: `${SOURCE_LABELS[o.source]}${r.poolFallback ? ': no pool name of this kind, so DBName' : ''}, seed ${s}` };
    out.push({ family: 'rename', label: renameLabel(rename), instance: r.perturbed, rename });
  }
  return out;
}

/** A generated trap sentence at each position that admits one. */
function traps(inst: Instance, o: EditOptions): EditCandidate[] {
  return TRAP_POSITIONS.flatMap((position) => {
    const t = trapFor({ ...inst, trap: undefined }, { source: 'generated', position, seed: o.seed });
    if (typeof t === 'string') return [];
    return [{ family: 'trap' as const, label: `trap “${t.sentence}” at ${POSITION_LABELS[position]}`, instance: clean(inst, { context: t.variant.context, answers: t.variant.answers }) }];
  });
}

/** Every rewrite of every paraphrase rule, one rule applied once, each distinct question once. */
function paraphrases(inst: Instance): EditCandidate[] {
  const seen = new Set<string>([inst.question.trim()]);
  const out: EditCandidate[] = [];
  for (const [kind, rule] of PARAPHRASE_RULES[inst.lang] ?? []) {
    for (const r of rule(inst.question)) {
      const q = r.question.trim();
      if (!q || seen.has(q)) continue;
      seen.add(q);
      out.push({ family: 'paraphrase', label: `${KIND_LABELS[kind]}: ${r.detail}`, instance: clean(inst, { question: r.question }) });
    }
  }
  return out;
}

/** One noise edit of each kind at the lowest rate. */
function noises(inst: Instance, o: EditOptions): EditCandidate[] {
  return NOISE_KINDS.flatMap((kind) => {
    const r = addNoise(inst, { kind, rate: NOISE_MIN_RATE, seed: o.seed });
    if (!r) return [];
    const what = r.edits.map((e) => `“${e.from}” → “${e.to}”`).join(', ');
    return [{ family: 'noise' as const, label: `${NOISE_LABELS[kind]}: ${what}`, instance: r.perturbed }];
  });
}

/** The single edits of one family for an instance, in the order a search tries them. */
export function editCandidates(inst: Instance, family: Family, o: EditOptions = DEFAULT_EDITS): EditCandidate[] {
  if (family === 'rename') return renames(inst, o);
  if (family === 'trap') return traps(inst, o);
  if (family === 'paraphrase') return paraphrases(inst);
  return noises(inst, o);
}

/** The single edits of several families interleaved (one of each in turn), so a small budget samples every family. */
export function interleavedCandidates(inst: Instance, families: readonly Family[], o: EditOptions = DEFAULT_EDITS): EditCandidate[] {
  const lists = families.map((f) => editCandidates(inst, f, o));
  const out: EditCandidate[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i] as EditCandidate);
  return out;
}
