/**
 * Entity type of a gold answer, for filtering and for choosing what to rename. compromise works
 * offline and in workers; it tags people, organizations and places from its lexicon and patterns.
 */
import nlp from 'compromise';
import type { AnswerEntityType, InstanceMeta } from '../data/types.ts';

import { fileAnswerType } from './file-answer-type.ts';
import { spanAnswerType, type TaggedSpan } from './file-entities.ts';
export { fileAnswerType };
import { zhAnswerType } from '../entity/zh.ts';
import { zhQuestionCue } from '../entity/zh-classes.ts';
import { typeEntity } from '../entity/typing.ts';
import { detectEntities, forgetAlso } from '../entity/spans.ts';
import { storedAnswerType, storeAnswerType, storedEntities } from '../entity/tag-store.ts';
import { combineSignals, nameOf, questionCue, ruleType } from './name-rules.ts';

/** The type a question asks for, in its language's wording: a Latin answer (QQ) to a Chinese question is asked for in Chinese. */
const cueOf = (question: string): AnswerEntityType | null => (/\p{Script=Han}/u.test(question) ? zhQuestionCue(question) : questionCue(question));

/**
 * PER, ORG, GPE or other for an answer text, e.g. answerEntityType('Charles Babbage') === 'PER',
 * answerEntityType('Warsaw') === 'GPE', answerEntityType('1867') === 'other'. An answer with
 * Chinese characters is typed by zh.ts's name and place dictionaries (compromise is English only).
 * English answers: name-rules.ts's name, place and ORG cues, compromise as one signal, and the
 * question's wording ("Who …", "Which company …") when given (issue 42.1).
 */
export function answerEntityType(answer: string, context?: { text: string; start: number }, question?: string): AnswerEntityType {
  if (/\p{Script=Han}/u.test(answer)) return zhAnswerType(answer.trim(), question);
  const cue = question ? cueOf(question) : null;
  // "In which episode …", "What format …": a title or a kind, whatever its words ("The Space Museum", "HD").
  if (cue === 'other') return 'other';
  const rule = ruleType(answer, context);
  if (rule?.sure) return rule.type;
  return combineSignals(rule, compromiseAnswerType(answer, context), cue, nameOf(answer));
}

/**
 * The tagger before issue 42 and compromise's signal in today's: compromise's type of the whole
 * answer, then typing.ts's second opinion (a landmark or work is none; a one-word "person" the
 * place lists know is a GPE unless the passage names that person in full).
 */
export function compromiseAnswerType(answer: string, context?: { text: string; start: number }): AnswerEntityType {
  const tagged = compromiseType(answer);
  if (tagged === 'other' || /\p{Script=Han}/u.test(answer)) return tagged;
  // Continents, landmarks, buildings and works are no PER/ORG/GPE (typing.ts), in the passage's words when known.
  const text = answer.trim();
  const start = context ? context.start + answer.indexOf(text) : 0;
  // The passage's people only when typing needs them (a lone place-like first name): most answers never tag their passage.
  const people = () => (context ? peopleIn(context.text) : []);
  return typeEntity({ type: tagged, text, start, end: start + text.length }, context?.text ?? text, people) ?? 'other';
}

let lastPeople: { text: string; source: readonly unknown[] | undefined; people: readonly string[] } | null = null;

/**
 * The people named in a passage, kept while questions of one passage follow each other (and its
 * tagging in the store in use stays the same): typing 2,000 answers of a 1 MB passage copies and
 * filters its entities once, not once per answer (issue 40.2).
 */
function peopleIn(text: string): readonly string[] {
  const source = storedEntities(text);
  if (lastPeople && lastPeople.text === text && lastPeople.source === source && source !== undefined) return lastPeople.people;
  const people = detectEntities(text)
    .filter((e) => e.type === 'PER')
    .map((e) => e.text);
  lastPeople = { text, source: storedEntities(text), people };
  return people;
}

// compromise's type is a function of the answer text alone: 2,000 answers naming 144 people are tagged 144 times (issue 40.2).
const typedTexts = new Map<string, AnswerEntityType>();
const TYPED_TEXTS = 10_000;
forgetAlso(() => typedTexts.clear());

/** compromise's type of a whole answer (zh.ts's for Chinese), before typing.ts's second opinion ("compromise alone" in the benchmark); each text tagged once while it is among the last 10,000. */
export function compromiseType(answer: string): AnswerEntityType {
  let t = typedTexts.get(answer);
  if (t === undefined) {
    t = tagAnswer(answer);
    if (typedTexts.size >= TYPED_TEXTS) typedTexts.delete(typedTexts.keys().next().value as string);
    typedTexts.set(answer, t);
  }
  return t;
}

/** compromiseType's tagging (uncached). */
function tagAnswer(answer: string): AnswerEntityType {
  const text = answer.trim();
  if (/\p{Script=Han}/u.test(text)) return zhAnswerType(text);
  if (!text || text.length > 80 || /^[\d\s.,%-]+$/.test(text)) return 'other';
  const doc = nlp(text);
  // Whole-answer matches only: "the mayor of Paris" is not a place, even though it contains one.
  const covers = (m: { text(): string }) => m.text().length >= text.replace(/^the\s+/i, '').length * 0.8;
  const people = doc.people();
  if (people.found && covers(people)) return 'PER';
  const orgs = doc.organizations();
  if (orgs.found && covers(orgs)) return 'ORG';
  const places = doc.places();
  if (places.found && covers(places)) return 'GPE';
  return 'other';
}

/**
 * The answer type of an instance: the dataset's own when it has one (per question, per answer),
 * else the type of the file's (or a loaded tagger's) entity span over the first gold answer, else
 * the first gold answer's by compromise (unanswerable → 'other'). The app's import and every renaming (app and CLI) call this one function.
 */
export function answerTypeOf(inst: { answerType?: AnswerEntityType; isImpossible: boolean; question?: string; answers: readonly { text: string; start?: number }[]; context?: string; meta?: InstanceMeta; entities?: readonly TaggedSpan[] }): AnswerEntityType {
  if (inst.answerType !== undefined) return inst.answerType;
  const given = fileAnswerType(inst.meta);
  if (given) return given;
  const first = inst.answers[0];
  // The file's own entity spans (or a loaded tagger's) take precedence over compromise.
  if (inst.entities) return inst.isImpossible || !first || first.start === undefined ? 'other' : spanAnswerType(inst.entities, { text: first.text, start: first.start });
  return inst.isImpossible || !first ? 'other' : storedAnswerEntityType(first.text, inst.context !== undefined && first.start !== undefined ? { text: inst.context, start: first.start } : undefined, inst.question);
}

/** answerEntityType through the dataset's tag store (tag-store.ts): each answer is typed once per dataset and expected type. */
function storedAnswerEntityType(answer: string, context?: { text: string; start: number }, question?: string): AnswerEntityType {
  // The store keys on the cue: the same answer asked for by "哪座山" and by "谁" is typed apart.
  const cue = question ? (cueOf(question) ?? undefined) : undefined;
  const stored = storedAnswerType(context?.text ?? '', answer, context?.start, cue);
  if (stored !== undefined) return stored;
  const t = answerEntityType(answer, context, question);
  storeAnswerType(context?.text ?? '', answer, context?.start, t, cue);
  return t;
}
