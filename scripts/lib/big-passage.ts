/**
 * A SQuAD v1.1 file with one huge passage asked many questions (issue 40.2): the worst case for
 * anything that copies or re-scans the passage per question. Sentences like "In 1734, Mary Smith
 * built the northern bridge of Paris." with a question about each sentence's person, so trap
 * generation and noise find real question words; an astral character (an emoji) every `astralEvery`
 * sentences makes code-point and UTF-16 offsets differ, so no BMP-only fast path hides a scan.
 */
import { rng } from './rng.ts';

const FIRST = 'James Mary Robert Patricia John Jennifer Michael Linda William Elizabeth David Barbara'.split(' ');
const LAST = 'Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore'.split(' ');
const CITY = 'London Paris Berlin Madrid Chicago Boston Toronto Sydney Vienna Warsaw Prague Dublin'.split(' ');
const NOUN = 'bridge harbour tower museum railway church library college theatre market'.split(' ');
const ADJ = 'northern southern large small ancient modern old new'.split(' ');
const VERB = 'built expanded founded opened rebuilt designed'.split(' ');

export interface BigPassageOptions {
  /** Passage length in UTF-16 units (about; whole sentences). */
  chars: number;
  questions: number;
  seed?: number;
  /** An emoji before every n-th sentence (0: none, the passage is BMP-only). */
  astralEvery?: number;
}

/** One question with its answer's code-point start (what SQuAD files count). */
interface Qa {
  id: string;
  question: string;
  answers: { text: string; answer_start: number }[];
}

/** The SQuAD v1.1 object: one article, one paragraph of about `chars` characters, `questions` questions spread over it. */
export function bigPassageSquad(o: BigPassageOptions): { version: string; data: { title: string; paragraphs: { context: string; qas: Qa[] }[] }[] } {
  const r = rng(o.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const parts: string[] = [];
  const asks: { question: string; text: string; cpStart: number }[] = [];
  let u16 = 0;
  let cps = 0;
  for (let s = 0; u16 < o.chars; s++) {
    const lead = o.astralEvery && s % o.astralEvery === 0 ? '🙂 ' : '';
    const person = `${pick(FIRST)} ${pick(LAST)}`;
    const [year, verb, adj, noun, city] = [String(1500 + Math.floor(r() * 520)), pick(VERB), pick(ADJ), pick(NOUN), pick(CITY)];
    const head = `${lead}In ${year}, `;
    const text = `${head}${person} ${verb} the ${adj} ${noun} of ${city}. `;
    asks.push({ question: `Who ${verb} the ${adj} ${noun} of ${city} in ${year}?`, text: person, cpStart: cps + Array.from(head).length });
    parts.push(text);
    u16 += text.length;
    cps += Array.from(text).length;
  }
  const context = parts.join('').trimEnd();
  const step = asks.length / o.questions;
  const qas = Array.from({ length: o.questions }, (_, q): Qa => {
    const a = asks[Math.floor(q * step) % asks.length] as (typeof asks)[number];
    return { id: `q${q}`, question: a.question, answers: [{ text: a.text, answer_start: a.cpStart }] };
  });
  return { version: '1.1', data: [{ title: 'Big passage', paragraphs: [{ context, qas }] }] };
}

/** The file's text (JSON), e.g. to write or to hand to an importer. */
export function bigPassageJson(o: BigPassageOptions): string {
  return JSON.stringify(bigPassageSquad(o));
}
