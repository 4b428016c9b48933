/**
 * Pairs from two aligned files: revision pairs (same questions, edited passages) or question-
 * paraphrase pairs (same passages, reworded questions; pairKind tells them apart). The original
 * passage stays the instance's context; the other side becomes its `revision`.
 *
 * Policy: a question with no usable counterpart, or whose answer is not in the edited passage,
 * is KEPT without a revision and reported ('no-revision'): it is still a valid question for every
 * other view, and dropping it would make the dataset depend on the quality of the edit file.
 * Perturbed-only ids are reported and left out ('unpaired'). Where the ids disagree (a file
 * re-numbered by another tool), questions are matched by passage and answer texts instead.
 */
import type { GoldAnswer, ImportResult, Instance } from '../data/types.ts';
import { addIssue, locate, makeInstance, quote } from './common.ts';
import type { InputIssue } from './squad.ts';
import { countPairKinds, type PairKindCounts } from './pair-kind.ts';

/** File names used in pair issue paths, e.g. { original: 'dev.json', perturbed: 'dev-edited.json' }. */
export interface PairNames {
  original: string;
  perturbed: string;
}

/**
 * The original answers' texts found in the edited passage (nearest to their old offsets), e.g.
 * carryAnswers([{ text: 'Ada', start: 0 }], 'Then Ada') → [{ text: 'Ada', start: 5 }].
 */
export function carryAnswers(answers: readonly GoldAnswer[], context: string): GoldAnswer[] {
  const out: GoldAnswer[] = [];
  for (const a of answers) {
    const at = locate(context, a.text, a.start);
    if (at >= 0 && !out.some((b) => b.start === at && b.text === a.text)) out.push({ text: a.text, start: at });
  }
  return out;
}

/** How the questions of two aligned files were matched: by id, by passage and answer texts (ids disagree), or not at all (original questions). */
export interface PairingCounts {
  byId: number;
  byPassage: number;
  unmatched: number;
  /** The ids of the two files do not correspond (same ids, other passages or answers): every question was paired by passage and answers. */
  idsDisagree?: boolean;
}

/** The key a question is matched on when ids disagree: its passage and its sorted answer texts. */
const passageKey = (i: Instance) => `${i.context.trim()}\u0000${i.answers.map((a) => a.text).sort().join('\u0001')}`;

/** Perturbed questions by passage key, in file order (equal keys are taken first come, first served). */
function byPassageKey(perturbed: readonly Instance[], keep: (p: Instance) => boolean): Map<string, Instance[]> {
  const byKey = new Map<string, Instance[]>();
  for (const p of perturbed) {
    if (!keep(p)) continue;
    const list = byKey.get(passageKey(p)) ?? [];
    list.push(p);
    byKey.set(passageKey(p), list);
  }
  return byKey;
}

/**
 * Whether the files' ids do not correspond: fewer than half of the id-matched pairs share passage
 * and answers, while passage and answers pair at least half of the original questions and more
 * than the ids do (Gan & Ng 2019's dev_orig / dev_para carry ids shifted by one). Revision files,
 * whose passages are edited under the same ids, never qualify: their passages pair nothing.
 */
function idsDisagree(original: readonly Instance[], perturbed: readonly Instance[], byId: ReadonlyMap<string, Instance>): boolean {
  const idPairs = original.filter((o) => byId.has(o.id));
  const agree = idPairs.filter((o) => passageKey(o) === passageKey(byId.get(o.id) as Instance)).length;
  if (idPairs.length === 0 || agree * 2 >= idPairs.length) return false;
  const byKey = byPassageKey(perturbed, () => true);
  let content = 0;
  for (const o of original) if (byKey.get(passageKey(o))?.shift()) content++;
  return content > agree && content * 2 >= original.length;
}

/**
 * Each original question's counterpart: the perturbed question with the same id, else one with
 * the same passage and answer texts whose id is not in the original file (first come, first served);
 * when the ids do not correspond at all (idsDisagree), by passage and answers alone.
 */
function matchQuestions(original: readonly Instance[], perturbed: readonly Instance[]): { match: Map<Instance, Instance>; counts: PairingCounts } {
  const byId = new Map<string, Instance>();
  for (const p of perturbed) if (!byId.has(p.id)) byId.set(p.id, p);
  const match = new Map<Instance, Instance>();
  if (idsDisagree(original, perturbed, byId)) {
    const byKey = byPassageKey(perturbed, () => true);
    const counts: PairingCounts = { byId: 0, byPassage: 0, unmatched: 0, idsDisagree: true };
    for (const o of original) {
      const p = byKey.get(passageKey(o))?.shift();
      if (p) match.set(o, p);
      if (p) counts.byPassage++;
      else counts.unmatched++;
    }
    return { match, counts };
  }
  const originalIds = new Set(original.map((o) => o.id));
  const byKey = byPassageKey(perturbed, (p) => !originalIds.has(p.id) && byId.get(p.id) === p);
  const counts: PairingCounts = { byId: 0, byPassage: 0, unmatched: 0 };
  for (const o of original) {
    const p = byId.get(o.id) ?? byKey.get(passageKey(o))?.shift();
    if (!p) counts.unmatched++;
    else if (p.id === o.id) counts.byId++;
    else counts.byPassage++;
    if (p) match.set(o, p);
  }
  return { match, counts };
}

/** A count with thousands separators, e.g. 1062 → '1,062'. */
const count = (n: number) => n.toLocaleString('en-US');

/**
 * "3 matched by id, 2 by passage and answers, 1 unmatched", or, when the ids do not correspond,
 * "ids of the two files do not correspond; paired 1,062 by passage and answers" (and the unmatched), for the CLI and the import notes.
 */
export const describePairing = (c: PairingCounts): string =>
  c.idsDisagree ? `ids of the two files do not correspond; paired ${count(c.byPassage)} by passage and answers${c.unmatched ? `, ${count(c.unmatched)} unmatched` : ''}` : `${count(c.byId)} matched by id, ${count(c.byPassage)} by passage and answers, ${count(c.unmatched)} unmatched`;

/**
 * Pairs two imports by question id, or by passage and answer texts where the ids disagree, e.g. importPairs(await importFile('a.json', …), await importFile('b.json', …)).
 * Revision answers are the perturbed file's own answers, or, if it has none for an answerable
 * question, the original answer texts located in the edited passage. Issues of both files are
 * kept, their paths prefixed with the file name.
 */
/** A question of the original file kept without a pair: a revision it carried itself (e.g. the demo set's own edits) is not the perturbed file's, so it is dropped. */
function unpaired(o: Instance): Instance {
  if (!o.revision) return o;
  const { revision: _, ...rest } = o;
  return { ...rest, tags: rest.tags.filter((t) => t !== 'revision' && (t !== 'paraphrase' || !!rest.paraphrases?.length)) };
}

export function importPairs(original: ImportResult, perturbed: ImportResult, names: PairNames = { original: 'original', perturbed: 'perturbed' }): ImportResult & { pairing: PairingCounts; kinds: PairKindCounts } {
  const prefix = (name: string, list: readonly InputIssue[]) => list.map((i) => ({ ...i, path: `${name}: ${i.path}` }));
  const issues: InputIssue[] = [...prefix(names.original, original.issues), ...prefix(names.perturbed, perturbed.issues)];
  const { match, counts } = matchQuestions(original.instances, perturbed.instances);
  const paired = new Set<Instance>();
  const instances: Instance[] = [];
  for (const o of original.instances) {
    const p = match.get(o);
    // A note names the question where it is: its counterpart's id in the perturbed file (which differs when paired by passage), else its own in the original.
    const where = p ? `${names.perturbed}: id ${quote(p.id)}` : `${names.original}: id ${quote(o.id)}`;
    if (!p) {
      addIssue(issues, 'no-revision', where, `no usable question ${counts.idsDisagree ? 'with this passage and answers' : 'with this id'} in ${names.perturbed}; kept without a revision`, false);
      instances.push(unpaired(o));
      continue;
    }
    paired.add(p);
    // A paraphrase file rewords the question: each side is asked its own (the edited side's is kept).
    // On the same passage that is the file's point (a question-paraphrase pair, counted in `kinds`), not an issue.
    const reworded = p.question.trim() !== o.question.trim();
    if (reworded && p.context !== o.context) addIssue(issues, 'question-mismatch', where, `the question differs (${quote(p.question)} vs ${quote(o.question)} in ${names.original}); each side is asked its own question`, false);
    const answers = p.answers.length > 0 ? p.answers : carryAnswers(o.answers, p.context);
    if (answers.length === 0 && o.answers.length > 0) {
      addIssue(issues, 'no-revision', where, `answer ${quote(o.answers[0]?.text ?? '')} does not occur in the perturbed passage; kept without a revision`, false);
      instances.push(unpaired(o));
      continue;
    }
    const { id, dataset, title, question, context, isImpossible, lang, meta, plausibleAnswers } = o;
    instances.push(makeInstance({ id, dataset, title, question, context, answers: o.answers, isImpossible, lang, meta, plausibleAnswers, revision: { context: p.context, answers, ...(reworded ? { question: p.question } : {}) } }));
  }
  for (const p of perturbed.instances) {
    if (!paired.has(p)) addIssue(issues, 'unpaired', `${names.perturbed}: id ${quote(p.id)}`, `not in ${names.original} (by id, nor by passage and answers); skipped`, true);
  }
  // Ids that disagree are worth a line of their own: the pairing then rests on passages and answers.
  if (counts.byPassage > 0) issues.push({ path: 'pairing', message: describePairing(counts), kind: 'paired-by-passage', skipped: false, count: counts.byPassage });
  // The pair dataset's no-answer evidence is the original file's (its questions and version): an edit that removed an answer is a pair left out, not an unanswerable question (issue 38 §2).
  return { format: 'pairs-squad', instances, issues, pairing: counts, kinds: countPairKinds(instances), ...(original.fileVersion ? { fileVersion: original.fileVersion } : {}) };
}
