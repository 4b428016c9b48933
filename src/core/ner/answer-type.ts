/**
 * Entity type of a gold answer, for filtering and for choosing what to rename. compromise works
 * offline and in workers; it tags people, organizations and places from its lexicon and patterns.
 */
import nlp from 'compromise';
import type { AnswerEntityType } from '../data/types.ts';

/**
 * PER, ORG, GPE or other for an answer text, e.g. answerEntityType('Charles Babbage') === 'PER',
 * answerEntityType('Warsaw') === 'GPE', answerEntityType('1867') === 'other'.
 */
export function answerEntityType(answer: string): AnswerEntityType {
  const text = answer.trim();
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

/** The answer type an import gives a question without one (the app's data worker and qarx alike): unanswerable → other, else its first gold answer's type. */
export function importedAnswerType(x: { answerType?: AnswerEntityType; isImpossible: boolean; answers: readonly { text: string }[] }): AnswerEntityType {
  return x.answerType ?? (x.isImpossible || !x.answers[0] ? 'other' : answerEntityType(x.answers[0].text));
}
