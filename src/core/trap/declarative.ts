/**
 * Turning a question into a statement that answers it with a given phrase, by rules (AddSent's
 * step 3, Jia & Liang 2017, which used constituency-tree rules; here word patterns and
 * compromise's verb conjugation), e.g. "When did the Normans invade Wales?" + "1204" →
 * "The Normans invaded Wales in 1204."
 */
import nlp from 'compromise';

const AUX_BE = new Set(['is', 'was', 'are', 'were']);
const AUX_DO = new Set(['did', 'does', 'do']);
const AUX_OTHER = new Set(['has', 'have', 'had', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'must']);
const WH = new Set(['who', 'whom', 'whose', 'what', 'which', 'when', 'where', 'why', 'how']);

/** The preposition a fake answer takes after a clause, by question word. */
function adjunct(wh: string, answer: string): string {
  if (/^(in|on|at|by|during|around|about|since|from|after|before|because)\b/i.test(answer)) return answer; // the answer brings its own ("in 1887")
  if (wh === 'when') return /^\d{3,4}$/.test(answer) ? `in ${answer}` : /^\d/.test(answer) || /^(january|february|march|april|may|june|july|august|september|october|november|december)\b/i.test(answer) ? `on ${answer}` : `in ${answer}`;
  if (wh === 'where') return `in ${answer}`;
  if (wh === 'why') return `because of ${answer}`;
  return answer;
}

interface Word {
  text: string;
  tags: string[];
}

/** The clause's words with compromise's tags (in context). */
function tagged(clause: string): Word[] {
  const terms = (nlp(clause).terms().json() as { text: string; terms: { tags: string[] }[] }[]).map((t) => ({ text: t.text, tags: t.terms[0]?.tags ?? [] }));
  return terms;
}

const has = (w: Word | undefined, tag: string) => w?.tags.includes(tag) ?? false;

/**
 * Index of the main verb after the subject: the first word compromise tags as a verb (never the
 * first word: that is the subject), else the first lowercase word that ends the subject's noun
 * run ("the Danube rise", "Orbis Rail move its …"), e.g. 2 for "the Danube rise".
 */
export function mainVerbIndex(words: readonly Word[]): number {
  for (let k = 1; k < words.length; k++) if (has(words[k], 'Verb')) return k;
  for (let k = 1; k < words.length; k++) {
    const w = words[k];
    if (!w || /^\p{Lu}/u.test(w.text) || has(w, 'Determiner') || has(w, 'Preposition') || has(w, 'Value')) continue;
    const next = words[k + 1];
    if (!next || has(next, 'Determiner') || has(next, 'Preposition') || has(next, 'Possessive') || has(next, 'Value') || has(next, 'Pronoun') || has(next, 'Adverb')) return k;
  }
  return -1;
}

/** A verb in the tense the dropped do-auxiliary asked for, e.g. ('did', 'rise') → 'rose'. */
function conjugate(aux: string, verb: string): string {
  if (aux === 'do') return verb;
  const doc = nlp(verb);
  doc.tag('Infinitive'); // alone, "rise" or "open" reads as a noun or adjective
  const forms = (doc.verbs().conjugate() as { PastTense?: string; PresentTense?: string }[])[0];
  return (aux === 'did' ? forms?.PastTense : forms?.PresentTense) ?? verb;
}

/** The clause with its main verb conjugated for the dropped do-auxiliary, e.g. ('did', 'the Normans invade Wales') → 'the Normans invaded Wales'. */
function undoDo(aux: string, clause: string): string {
  const words = tagged(clause);
  const k = mainVerbIndex(words);
  if (k < 0) return clause;
  return words.map((w, j) => (j === k ? conjugate(aux, w.text) : w.text)).join(' ');
}

/** Puts an auxiliary back before the clause's first verb, e.g. ('has', 'Ann won') → 'Ann has won'. */
function placeAux(aux: string, clause: string): string {
  const json = nlp(clause).verbs().json({ offset: true }) as { offset: { start: number } }[];
  const at = json[0]?.offset.start;
  if (at === undefined || at === 0) return `${clause} ${aux}`.trim();
  return `${clause.slice(0, at)}${aux} ${clause.slice(at)}`;
}

/** A passive clause's last word when it is a participle ("founded", "born"), for "X was founded in …". */
const PARTICIPLE = /(ed|en|born|built|made|held|found|known|called|named|located|situated|set|sold|won|led|fought|taught|bought|brought|written|given|taken|shown|seen)$/i;

/**
 * The statement, capitalised and ending in '.', or null when no rule fits (a question word must
 * come within the first six words), e.g. toDeclarative('Who founded Acme?', 'Jo Kent') →
 * 'Jo Kent founded Acme.', toDeclarative('In which city did Ann live?', 'Oslo') → 'Ann lived in Oslo.'.
 */
export function toDeclarative(question: string, answer: string): string | null {
  const q = question.trim().replace(/\s*[?？.!]+$/, '').replace(/\s+/g, ' ');
  const words = tagged(q);
  const at = words.findIndex((w, k) => k < 6 && WH.has(w.text.toLowerCase()));
  if (at < 0) return null;
  // "In what year did …", "Along the coast of which state does …": the words before go with the answer.
  const lead = words.slice(0, at).map((w) => w.text.toLowerCase()).join(' ');
  if (lead && !/^(in|on|at|during|from|to|by|for|with|after|before|since|until|along|near|of|into|under|over|between|through|across|around)\b/.test(lead)) return null;
  const wh = (words[at]?.text ?? '').toLowerCase();
  let i = at + 1;
  let noun = '';
  const isAuxAt = (k: number) => isAux(words[k]?.text ?? '');
  if (wh === 'how' && /^(many|much)$/i.test(words[i]?.text ?? '')) {
    const from = ++i;
    while (i < words.length && !isAuxAt(i) && i - from < 3 && !has(words[i], 'Verb')) i++;
    noun = words.slice(from, i).map((w) => w.text).join(' ');
  } else if (wh === 'how' && i < words.length && !isAuxAt(i)) {
    i++; // "How long", "How old": the answer says it
  } else if (wh === 'what' || wh === 'which' || wh === 'whose') {
    // "Which club did …", "What company operated …": the wh-phrase's nouns make way for the answer.
    while (i < words.length && !isAuxAt(i) && i - at < 4 && !has(words[i], 'Verb')) i++;
  }
  const filler = [answer, noun].filter(Boolean).join(' ');
  const slot = lead ? `${lead} ${filler}` : ['when', 'where', 'why'].includes(wh) ? adjunct(wh, filler) : filler;
  const rest = words.slice(i).map((w) => w.text);
  if (rest.length === 0) return null;
  const aux = (rest[0] ?? '').toLowerCase();
  const clause = rest.slice(1).join(' ');
  // The wh-phrase is the subject when no auxiliary follows, or when a participle follows it ("Who has run …").
  const subject = !isAux(aux) || (!AUX_DO.has(aux) && !lead && ['who', 'what', 'which'].includes(wh) && has(words[i + 1], 'Verb'));
  let out: string;
  if (subject) {
    out = lead || ['when', 'where', 'why'].includes(wh) ? `${rest.join(' ')} ${slot}` : `${slot} ${rest.join(' ')}`;
  } else if (!clause) {
    return null;
  } else if (AUX_BE.has(aux)) {
    // "When was X (formally) founded" → "X was (formally) founded in …"; "Who was the first king" → "The first king was …".
    const last = rest[rest.length - 1] ?? '';
    let p = rest.length - 1;
    while (p > 1 && /ly$/.test(rest[p - 1] ?? '')) p--;
    const passive = rest.length > 2 && PARTICIPLE.test(last);
    out = passive ? `${rest.slice(1, p).join(' ')} ${aux} ${rest.slice(p).join(' ')} ${slot}` : `${clause} ${aux} ${slot}`;
  } else if (AUX_DO.has(aux)) {
    out = `${undoDo(aux, clause)} ${slot}`;
  } else {
    out = `${placeAux(aux, clause)} ${slot}`;
  }
  out = out.replace(/\s+/g, ' ').trim();
  return out ? `${out[0]?.toUpperCase() ?? ''}${out.slice(1)}.` : null;
}

/** Whether a word is an auxiliary that inverts with the subject in a question. */
function isAux(word: string): boolean {
  const w = word.toLowerCase();
  return AUX_BE.has(w) || AUX_DO.has(w) || AUX_OTHER.has(w);
}
