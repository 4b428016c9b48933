/**
 * A seeded SQuAD 2.0-like file for benchmarks (the project cannot ship SQuAD): Wikipedia-style
 * passages of 90–260 words (median ≈ 120, SQuAD dev's spread) dense in capitalised names, dates
 * and numbers, 5 questions each, a third unanswerable. Answers are mostly dates, numbers and
 * common noun phrases; about 1 in 12 is a person, organization or place, so that, after the
 * tagger and the renaming rules, ≈ 5% of answerable questions get renamed, as on SQuAD 2.0 dev.
 */
import { rng } from './rng.ts';

const FIRST = 'James Mary Robert Patricia John Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Betty Mark Margaret'.split(' ');
const LAST = 'Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin Jackson Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker'.split(' ');
const CITY = 'London Paris Berlin Madrid Chicago Boston Toronto Sydney Vienna Warsaw Prague Dublin Lisbon Seattle Denver Houston Melbourne Montreal Munich Milan'.split(' ');
const COUNTRY = 'France Germany Spain Italy Canada Australia Poland Ireland Portugal Japan Brazil Mexico Egypt India Sweden Norway'.split(' ');
const ORG = ['the University of Chicago', 'the Royal Society', 'General Electric', 'the British Museum', 'Harvard University', 'the Catholic Church', 'the United Nations', 'Siemens', 'the Roman Senate', 'the National Assembly', 'Oxford University', 'the Red Cross'];
const NOUN = 'river city council bridge harbour debate cost design tower museum railway empire treaty army university church province island mountain century war festival library orchestra college parliament population economy climate language religion architecture trade industry agriculture school government constitution dynasty territory'.split(' ');
const ADJ = 'northern southern large small ancient modern important significant major early late rural urban public private national local industrial'.split(' ');
const VERB = 'built expanded described founded moved reformed governed studied opened closed replaced rebuilt financed designed'.split(' ');

export interface SquadLikeOptions {
  questions: number;
  seed: number;
  /** Share of answerable questions whose answer is a name (PER, ORG or GPE). */
  nameShare?: number;
}

type Sentence = { text: string; answers: { text: string; offset: number; q: string; name: boolean }[] };

/** One sentence with the answers a question could ask about (offsets within the sentence). */
function sentence(r: () => number): Sentence {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const person = `${pick(FIRST)} ${pick(LAST)}`;
  const year = String(1500 + Math.floor(r() * 520));
  const n = String(2 + Math.floor(r() * 9000));
  const noun = pick(NOUN);
  const adj = pick(ADJ);
  const city = pick(CITY);
  const org = pick(ORG);
  const verb = pick(VERB);
  const forms: (() => Sentence)[] = [
    () => {
      const text = `In ${year}, ${person} ${verb} the ${adj} ${noun} of ${city}, which had about ${n} inhabitants.`;
      return { text, answers: [
        { text: year, offset: 3, q: `When did ${person} ${verb.replace(/ed$/, '')} the ${noun} of ${city}?`, name: false },
        { text: person, offset: 3 + year.length + 2, q: `Who ${verb} the ${adj} ${noun} of ${city}?`, name: true },
        { text: n, offset: text.indexOf(`about ${n}`) + 6, q: `How many inhabitants did the ${noun} of ${city} have?`, name: false },
        { text: city, offset: text.indexOf(` of ${city},`) + 4, q: `Where was the ${adj} ${noun} that ${person} ${verb}?`, name: true },
      ] };
    },
    () => {
      const text = `The ${noun} was ${verb} by ${org} after a long ${pick(NOUN)} about its ${pick(NOUN)}.`;
      const at = text.indexOf(org);
      return { text, answers: [
        { text: org.replace(/^the /, ''), offset: at + (org.startsWith('the ') ? 4 : 0), q: `Who ${verb} the ${noun}?`, name: true },
        { text: `a long ${text.slice(at + org.length + 14).split(' ')[0]}`, offset: at + org.length + 7, q: `What came before the ${noun} was ${verb}?`, name: false },
      ] };
    },
    () => {
      const text = `Its ${adj} ${noun} is one of the largest in ${pick(COUNTRY)}, with more than ${n} ${pick(NOUN)}s and a ${pick(ADJ)} ${pick(NOUN)}.`;
      const at = text.indexOf('more than');
      return { text, answers: [
        { text: `more than ${n}`, offset: at, q: `How many did the ${adj} ${noun} have?`, name: false },
        { text: `${adj} ${noun}`, offset: 4, q: `What is one of the largest in the country?`, name: false },
      ] };
    },
    () => {
      const text = `During the ${pick(ADJ)} ${noun}, the ${pick(NOUN)} became an important centre of ${pick(NOUN)} and ${pick(NOUN)}.`;
      const at = text.indexOf('centre of ') + 10;
      const ans = text.slice(at, text.length - 1);
      return { text, answers: [{ text: ans, offset: at, q: `What did the ${noun} become a centre of?`, name: false }] };
    },
    () => {
      const text = `${person} later wrote that the ${noun} had been ${verb} in ${year} at a cost of ${n} pounds.`;
      return { text, answers: [
        { text: `${n} pounds`, offset: text.indexOf(`${n} pounds`), q: `How much did the ${noun} cost?`, name: false },
        { text: year, offset: text.indexOf(` in ${year}`) + 4, q: `In what year was the ${noun} ${verb}?`, name: false },
      ] };
    },
  ];
  return pick(forms)();
}

/** A SQuAD 2.0 JSON file of `questions` questions (as a parsed object), seeded. */
export function squadLike(o: SquadLikeOptions): { version: string; data: { title: string; paragraphs: { context: string; qas: unknown[] }[] }[] } {
  const r = rng(o.seed);
  const nameShare = o.nameShare ?? 0.08;
  const articles: { title: string; paragraphs: { context: string; qas: unknown[] }[] }[] = [];
  let q = 0;
  for (let a = 0; q < o.questions; a++) {
    const paragraphs: { context: string; qas: unknown[] }[] = [];
    for (let p = 0; p < 12 && q < o.questions; p++) {
      // Log-normal passage length, median ≈ 120 words, clipped to SQuAD's usual 90–260.
      const target = Math.min(260, Math.max(90, Math.round(120 * Math.exp(0.35 * Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r())))));
      const sents: { s: Sentence; at: number }[] = [];
      let context = '';
      while (context.split(' ').length < target) {
        const s = sentence(r);
        const at = context ? context.length + 1 : 0;
        context = context ? `${context} ${s.text}` : s.text;
        sents.push({ s, at });
      }
      const qas: unknown[] = [];
      for (let k = 0; k < 5 && q < o.questions; k++, q++) {
        const id = `${a.toString(16).padStart(8, '0')}${p.toString(16).padStart(8, '0')}${k.toString(16).padStart(8, '0')}`;
        const wantName = r() < nameShare;
        const all = sents.flatMap(({ s, at }) => s.answers.map((x) => ({ ...x, start: at + x.offset })));
        const pool = all.filter((x) => x.name === wantName);
        const ans = (pool.length ? pool : all)[Math.floor(r() * (pool.length || all.length))] as (typeof all)[number];
        if (r() < 1 / 3) {
          // Unanswerable: a question about something the passage does not say (plausible answer kept, as SQuAD 2.0).
          qas.push({ id, question: ans.q.replace(/\?$/, ' first?'), answers: [], plausible_answers: [{ text: ans.text, answer_start: ans.start }], is_impossible: true });
        } else {
          qas.push({ id, question: ans.q, answers: [{ text: ans.text, answer_start: ans.start }], is_impossible: false });
        }
      }
      paragraphs.push({ context, qas });
    }
    articles.push({ title: `Article_${a}`, paragraphs });
  }
  return { version: 'v2.0', data: articles };
}
