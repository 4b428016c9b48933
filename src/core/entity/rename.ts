/**
 * Entity renaming of one instance: find the answer entity, choose new names for its perturbable
 * spans from a name source, and substitute them everywhere in passage, question and gold answers.
 */
import type { GoldAnswer, Instance } from '../data/types.ts';
import { hashString, mixSeed, pick, rng } from '../random.ts';
import { dbNames, genderOf, randStr, type Gender, type SpanKind } from './names.ts';
import type { EntityChoice, RenameOptions } from './options.ts';

export { ENTITY_CHOICES, NAME_SOURCES, SOURCE_LABELS, type EntityChoice, type NameSource, type RenameOptions } from './options.ts';
import { answerEntity, detectEntities, perturbableSpans, type Entity, type EntityType, type PerturbableSpan } from './spans.ts';
import { applySubstitutions, findMentions, mapForward, type Edit, type Substitution } from './substitute.ts';




/** InDistName candidates per span kind, harvested from a dataset (duplicates kept, so sampling follows frequency). */
export type NamePool = Partial<Record<SpanKind, string[]>>;

/** A renamed instance and everything needed to show and undo the renaming. */
export interface RenameResult {
  perturbed: Instance;
  entity: Entity;
  spans: PerturbableSpan[];
  substitutions: Substitution[];
  /** The passage's edits, for diffs and mapping predicted spans back. */
  contextEdits: Edit[];
  questionEdits: Edit[];
  /** InDistName had no candidate of a span's kind, so DBName filled in. */
  poolFallback: boolean;
}

/** Why an instance cannot be renamed, for counts in sweeps. */
export type NotRenamable = 'no-entity' | 'other-type' | 'no-spans' | 'answer-lost';

const hintOf = (inst: Pick<Instance, 'answerType'>): EntityType | 'other' | undefined => inst.answerType;

/** The answer entity of an instance and its perturbable spans, or why there is none, e.g. for "Who found penicillin?" → PER 'Alexander Fleming'. */
export function renameTargets(inst: Pick<Instance, 'context' | 'answers' | 'answerType' | 'isImpossible'>, type: EntityChoice): { entity: Entity; spans: PerturbableSpan[] } | NotRenamable {
  const entity = inst.isImpossible ? null : answerEntity(inst.context, inst.answers[0], hintOf(inst));
  if (!entity) return 'no-entity';
  if (type !== 'MIX' && entity.type !== type) return 'other-type';
  const spans = perturbableSpans(entity);
  return spans.length ? { entity, spans } : 'no-spans';
}

/** The InDistName pool of a set of instances: the perturbable spans of their answer entities, e.g. buildNamePool(demo).last includes 'Fleming'. */
export function buildNamePool(instances: Iterable<Pick<Instance, 'context' | 'answers' | 'answerType' | 'isImpossible' | 'lang'>>): NamePool {
  const pool: NamePool = {};
  for (const inst of instances) {
    if (inst.lang !== 'en') continue;
    const t = renameTargets(inst, 'MIX');
    if (typeof t === 'string') continue;
    for (const s of t.spans) (pool[s.kind] ??= []).push(s.text);
  }
  return pool;
}

function candidates(span: PerturbableSpan, opts: RenameOptions, pool: NamePool | undefined, lang: 'en' | 'zh'): { names: string[]; fallback: boolean } {
  if (opts.source === 'indist') {
    let names = pool?.[span.kind] ?? [];
    if (span.kind === 'first' && span.gender && span.gender !== 'neutral') {
      const same = names.filter((n) => genderOf(n) === (span.gender as Gender));
      if (same.length) names = same;
    }
    if (names.some((n) => n !== span.text)) return { names, fallback: false };
    return { names: dbNames(span, opts.origin, lang), fallback: true };
  }
  return { names: dbNames(span, opts.origin, lang), fallback: false };
}

/**
 * Renames the answer entity of an instance, deterministically for (seed, instance id). Returns
 * why not when the instance has no renamable answer entity of the requested type.
 */
export function renameInstance(inst: Instance, opts: RenameOptions, pool?: NamePool): RenameResult | NotRenamable {
  const targets = renameTargets(inst, opts.type);
  if (typeof targets === 'string') return targets;
  const rand = rng(mixSeed(opts.seed, hashString(inst.id), hashString(opts.source), hashString(opts.origin)));
  const used = new Set<string>();
  const subs: Substitution[] = [];
  let poolFallback = false;
  const present = (name: string) => findMentions(inst.context, name).length > 0 || findMentions(inst.question, name).length > 0;
  for (const span of targets.spans) {
    let to = '';
    if (opts.source === 'randstr') {
      to = randStr(span.text, rand);
    } else {
      const { names, fallback } = candidates(span, opts, pool, inst.lang);
      poolFallback ||= fallback;
      // A name already in the text, or given to another span, would merge two entities into one.
      for (let tries = 0; tries < 30 && names.length; tries++) {
        const n = pick(names, rand);
        if (n !== span.text && !used.has(n) && !present(n)) {
          to = n;
          break;
        }
      }
      if (!to) to = randStr(span.text, rand);
    }
    used.add(to);
    subs.push({ from: span.text, to });
  }
  const applied = substituteInstance(inst, subs);
  if (typeof applied === 'string') return applied;
  return { ...applied, entity: targets.entity, spans: targets.spans, substitutions: subs, poolFallback };
}

/**
 * Applies chosen substitutions to passage, question and gold answers (offsets recomputed), e.g.
 * for a forced name; 'answer-lost' when no gold answer survives at its new offsets.
 */
export function substituteInstance(inst: Instance, subs: readonly Substitution[]): Pick<RenameResult, 'perturbed' | 'contextEdits' | 'questionEdits'> | 'answer-lost' {
  const ctx = applySubstitutions(inst.context, subs);
  const q = applySubstitutions(inst.question, subs);
  const answers: GoldAnswer[] = [];
  for (const a of inst.answers) {
    const start = mapForward(ctx.edits, a.start, 'start');
    const end = mapForward(ctx.edits, a.start + a.text.length, 'end');
    const text = ctx.text.slice(start, end);
    // The answer's own text renamed must be what now sits at its offsets.
    if (text === applySubstitutions(a.text, subs).text) answers.push({ text, start });
  }
  if (answers.length === 0 && !inst.isImpossible) return 'answer-lost';
  const perturbed: Instance = { ...inst, context: ctx.text, question: q.text, answers, revision: undefined, trap: undefined, paraphrases: undefined };
  return { perturbed, contextEdits: ctx.edits, questionEdits: q.edits };
}

/** Every entity of a text with its perturbable spans, for highlighting in the live view. */
export function entitySpans(text: string): { entity: Entity; spans: PerturbableSpan[] }[] {
  return detectEntities(text).map((entity) => ({ entity, spans: perturbableSpans(entity) }));
}
