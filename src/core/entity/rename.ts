/**
 * Entity renaming of one instance: find the answer entity, choose new names for its perturbable
 * spans from a name source, and substitute them everywhere in passage, question and gold answers.
 */
import type { GoldAnswer, Instance } from '../data/types.ts';
import { char } from '../types.ts';
import { hashString, mixSeed, pick, rng } from '../text/random.ts';
import { dbNames, genderOf, randStr, type Gender } from './names.ts';
import { answerTypeOf } from '../ner/answer-type.ts';
import type { NotRenamable, RenameOptions } from './options.ts';

export { ENTITY_CHOICES, NAME_SOURCES, NOT_RENAMABLE, RENAME_TARGETS, SOURCE_LABELS, TARGET_LABELS, type EntityChoice, type NameSource, type NotRenamable, type RenameOptions, type RenameTarget } from './options.ts';
import { answerEntity, detectEntities, perturbableSpans, spansAsEntities, personSpans, type Entity, type PerturbableSpan } from './spans.ts';
import { applySubstitutions, findMentions, mapForward, type Edit, type Substitution } from './substitute.ts';
import { isHan, zhAnswerEntity, zhNested, zhGenderOf, zhLongerNames, zhEntitySpans, zhQuestionPerson, zhWholeName } from './zh.ts';

import type { NamePool } from './name-pool.ts';
export { mergePools, type NamePool } from './name-pool.ts';

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

/** What one renaming changes: the entity (offsets in the passage) and its perturbable spans. */
export interface RenameTargets {
  entity: Entity;
  spans: PerturbableSpan[];
}

type Selectable = Pick<Instance, 'context' | 'question' | 'answers' | 'answerType' | 'isImpossible' | 'lang' | 'entities'>;

/**
 * THE selection of what to rename, shared by the live view, sweeps, budgets, export and `qarx
 * perturb entity`: the answer entity (its type from answerTypeOf, so a file with no types renames
 * as the app's import typed it) or, in question-person mode, a person named in the question and
 * the passage. E.g. for "Who found penicillin?" → PER 'Alexander Fleming' with spans Alexander, Fleming.
 */
export function selectRenameTarget(inst: Selectable, options: Pick<RenameOptions, 'type' | 'source' | 'target'>): RenameTargets | NotRenamable {
  // First for every target: a renaming run scores answerable questions only, so this is their one reason.
  if (inst.isImpossible) return 'unanswerable';
  if (inst.lang === 'zh') return selectZh(inst, options);
  if (options.target === 'question-person') return questionPerson(inst);
  const entity = answerEntity(inst.context, inst.answers[0], answerTypeOf(inst), inst.entities ? spansAsEntities(inst.context, inst.entities) : undefined);
  if (!entity) return 'no-entity';
  if (options.type !== 'MIX' && entity.type !== options.type) return 'other-type';
  const all = entity.type === 'PER' ? personSpans(entity.text) : perturbableSpans(entity);
  if (all === 'long-name') return 'long-name';
  // DBName keeps rare words (renameInstance), but the question stays in (App. B; released
  // org/perturb.py): every source is scored on the same questions.
  return all.length ? { entity, spans: all } : 'no-spans';
}

/** Whether a source renames a span: DBName has no list of rare words (§3.2; released `'rare': []`), so they stay. */
export function renamesSpan(source: RenameOptions['source'], span: PerturbableSpan): boolean {
  return !(source === 'db' && span.kind === 'rare');
}

/** selectRenameTarget for a Chinese passage: the dictionary entities of zh.ts (no rare words, so every source renames the same). */
function selectZh(inst: Selectable, options: Pick<RenameOptions, 'type' | 'target'>): RenameTargets | NotRenamable {
  if (options.target === 'question-person') return zhQuestionPerson(inst.question, inst.context) ?? 'no-person';
  const found = zhAnswerEntity(inst.answers[0], answerTypeOf(inst), inst.question);
  if (!found) return 'no-entity';
  if (options.type !== 'MIX' && found.entity.type !== options.type) return 'other-type';
  return found.spans.length ? found : 'no-spans';
}

/** Occurrences of a Chinese name inside these longer names are not the name (none for other languages). */
const longerFor = (lang: Instance['lang']) => (lang === 'zh' ? zhLongerNames : () => []);

/**
 * Question-person mode: the first person named in the question (compromise's PER tags of the
 * question, then passage people whose name the question repeats) with one or two words, every word
 * of which occurs in the passage; the entity is its first mention in the passage.
 */
function questionPerson(inst: Selectable): RenameTargets | NotRenamable {
  if (inst.lang !== 'en') return 'no-person';
  const inPassage = detectEntities(inst.context).filter((e) => e.type === 'PER');
  const named = [...detectEntities(inst.question).filter((e) => e.type === 'PER').map((e) => e.text), ...inPassage.map((e) => e.text).filter((t) => findMentions(inst.question, t).length > 0)];
  let long = false;
  for (const name of named) {
    const spans = personSpans(name);
    if (spans === 'long-name') long = true;
    if (spans === 'long-name' || spans.length === 0) continue;
    const mentions = spans.map((x) => findMentions(inst.context, x.text));
    const first = mentions[0]?.[0];
    if (!first || mentions.some((m) => m.length === 0)) continue;
    const whole = findMentions(inst.context, spans.map((x) => x.text).join(' '))[0];
    const at = whole ?? first;
    const text = inst.context.slice(at.start, at.end);
    return { entity: { type: 'PER', text, start: char(at.start), end: char(at.end), confidence: 0.9 }, spans };
  }
  return long ? 'long-name' : 'no-person';
}

/**
 * The InDistName pool: the perturbable spans of the answer entities of ALL questions of the
 * dataset(s) being renamed (not of a filtered selection), each kind sorted so that the pool does
 * not depend on the order questions were read or stored in. E.g. buildNamePool(demo).last includes 'Fleming'.
 */
export function buildNamePool(instances: Iterable<Selectable>): NamePool {
  const pool: NamePool = {};
  for (const inst of instances) {
    if (inst.lang !== 'en' && inst.lang !== 'zh') continue;
    const t = selectRenameTarget(inst, { type: 'MIX', source: 'indist' });
    if (typeof t === 'string') continue;
    for (const x of t.spans) (pool[x.kind] ??= []).push(x.text);
  }
  for (const names of Object.values(pool)) names.sort();
  return pool;
}

function candidates(span: PerturbableSpan, opts: RenameOptions, pool: NamePool | undefined, lang: 'en' | 'zh'): { names: string[]; fallback: boolean } {
  if (opts.source === 'indist') {
    // One pool may hold both languages' names: Chinese text takes names in characters, English the others.
    let names = (pool?.[span.kind] ?? []).filter((n) => isHan(n) === (lang === 'zh'));
    if (span.kind === 'first' && span.gender && span.gender !== 'neutral') {
      const same = names.filter((n) => (lang === 'zh' ? zhGenderOf(n) : genderOf(n)) === (span.gender as Gender));
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
  const targets = selectRenameTarget(inst, opts);
  if (typeof targets === 'string') return targets;
  const rand = rng(mixSeed(opts.seed, hashString(inst.id), hashString(opts.source), hashString(opts.origin)));
  const used = new Set<string>();
  const subs: Substitution[] = [];
  let poolFallback = false;
  const longer = longerFor(inst.lang);
  const present = (name: string) => findMentions(inst.context, name, longer(name)).length > 0 || findMentions(inst.question, name, longer(name)).length > 0;
  const whole = zhWholeName(targets.spans);
  if (whole !== null) {
    // A Chinese name is replaced whole: its surname alone (王) would match inside unrelated words.
    const r = zhPersonName(targets.spans, opts, pool, rand, (n) => !zhNested(n, whole) && !present(n));
    subs.push({ from: whole, to: r.to });
    poolFallback = r.fallback;
  }
  for (const span of whole === null ? targets.spans : []) {
    if (!renamesSpan(opts.source, span)) continue;
    let to = '';
    if (opts.source === 'randstr') {
      to = randStr(span.text, rand);
    } else {
      const { names, fallback } = candidates(span, opts, pool, inst.lang);
      poolFallback ||= fallback;
      // A name already in the text, or given to another span, would merge two entities into one.
      for (let tries = 0; tries < 30 && names.length; tries++) {
        const n = pick(names, rand);
        if (n !== span.text && !zhNested(n, span.text) && !used.has(n) && !present(n)) {
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
 * A new whole Chinese name for a person's spans (surname + given name, gender kept, each from the
 * source's list), accepted by `ok` (not the old name, not in the text); RandStr, or no acceptable
 * draw in 30, gives random characters of the same length.
 */
function zhPersonName(spans: readonly PerturbableSpan[], opts: RenameOptions, pool: NamePool | undefined, rand: () => number, ok: (name: string) => boolean): { to: string; fallback: boolean } {
  const last = spans.find((s) => s.kind === 'last') as PerturbableSpan;
  const first = spans.find((s) => s.kind === 'first') as PerturbableSpan;
  const random = () => randStr(last.text + first.text, rand);
  if (opts.source === 'randstr') return { to: random(), fallback: false };
  const lasts = candidates(last, opts, pool, 'zh');
  const firsts = candidates(first, opts, pool, 'zh');
  for (let tries = 0; tries < 30 && lasts.names.length && firsts.names.length; tries++) {
    const n = pick(lasts.names, rand) + pick(firsts.names, rand);
    if (ok(n)) return { to: n, fallback: lasts.fallback || firsts.fallback };
  }
  return { to: random(), fallback: lasts.fallback || firsts.fallback };
}

/**
 * Applies chosen substitutions to passage, question and gold answers (offsets recomputed), e.g.
 * for a forced name; 'answer-lost' when no gold answer survives at its new offsets.
 */
export function substituteInstance(inst: Instance, subs: readonly Substitution[]): Pick<RenameResult, 'perturbed' | 'contextEdits' | 'questionEdits'> | 'answer-lost' {
  const longer = longerFor(inst.lang);
  const ctx = applySubstitutions(inst.context, subs, longer);
  const q = applySubstitutions(inst.question, subs, longer);
  const answers: GoldAnswer[] = [];
  for (const a of inst.answers) {
    const start = mapForward(ctx.edits, a.start, 'start');
    const end = mapForward(ctx.edits, a.start + a.text.length, 'end');
    const text = ctx.text.slice(start, end);
    // The answer's own text renamed must be what now sits at its offsets.
    if (text === applySubstitutions(a.text, subs, longer).text) answers.push({ text, start });
  }
  if (answers.length === 0 && !inst.isImpossible) return 'answer-lost';
  const perturbed: Instance = { ...inst, context: ctx.text, question: q.text, answers, revision: undefined, trap: undefined, paraphrases: undefined };
  return { perturbed, contextEdits: ctx.edits, questionEdits: q.edits };
}

/** Every entity of a text with its perturbable spans, for highlighting in the live view (Chinese: listed places). */
export function entitySpans(text: string, lang: Instance['lang'] = 'en'): { entity: Entity; spans: PerturbableSpan[] }[] {
  if (lang === 'zh') return zhEntitySpans(text);
  return detectEntities(text).map((entity) => ({ entity, spans: perturbableSpans(entity) }));
}
