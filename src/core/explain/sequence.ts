/**
 * A found edit sequence as a researcher can check it: consecutive renamings of one entity are one
 * edit (renaming Warsaw → Lodz, then Lodz → Gdansk is Warsaw → Gdansk), and every edit lists what
 * it changed in the question and the passage, offsets in Unicode code points, so applying the
 * edits to the original rebuilds the edited texts exactly (insertions and reorderings included).
 */
import type { Instance } from '../data/types.ts';
import type { Substitution } from '../entity/substitute.ts';
import { codePointLength } from '../text/codepoints.ts';
import { wordDiff } from '../text/diff.ts';
import type { AppliedEdit, Family, RenameDetail, TextChange } from './search-options.ts';

/** One step of a sequence: the edit and the instance before and after it. */
export interface EditStep {
  family: Family;
  label: string;
  rename?: RenameDetail;
  before: Instance;
  after: Instance;
}

/** A renaming's label, e.g. "renamed Warsaw → Gdansk (DBName, seed 1; then DBName, seed 3)". */
export function renameLabel(r: RenameDetail): string {
  return `renamed ${r.substitutions.map((x) => `${x.from} → ${x.to}`).join(', ')} (${r.note})`;
}

/** Whether renaming b renames again what renaming a just put in: every name b replaces is one of a's new names. */
export function renamesSameEntity(a: RenameDetail, b: RenameDetail): boolean {
  const put = new Set(a.substitutions.map((x) => x.to));
  return b.substitutions.length > 0 && b.substitutions.every((x) => put.has(x.from));
}

/** Two renamings of one entity as one: each old name goes straight to its final name (a name renamed back is no change). */
export function composeRenames(a: RenameDetail, b: RenameDetail): RenameDetail {
  const next = new Map(b.substitutions.map((x) => [x.from, x.to]));
  const substitutions: Substitution[] = a.substitutions.map((x) => ({ from: x.from, to: next.get(x.to) ?? x.to })).filter((x) => x.from !== x.to);
  return { substitutions, note: `${a.note}; then ${b.note}` };
}

/** The steps with each run of consecutive renamings of one entity merged into one step. */
export function mergeRenames(steps: readonly EditStep[]): EditStep[] {
  const out: EditStep[] = [];
  for (const s of steps) {
    const last = out[out.length - 1];
    if (last?.rename && s.rename && renamesSameEntity(last.rename, s.rename)) {
      const rename = composeRenames(last.rename, s.rename);
      out[out.length - 1] = { family: 'rename', label: renameLabel(rename), rename, before: last.before, after: s.after };
    } else out.push(s);
  }
  return out;
}

/**
 * The replaced spans turning `before` into `after` (a word-level diff), offsets in code points of
 * `before`, e.g. textChanges('question', 'Who met Ann?', 'Who met Beth?') →
 * [{ field: 'question', start: 8, end: 11, from: 'Ann', to: 'Beth' }].
 */
export function textChanges(field: TextChange['field'], before: string, after: string): TextChange[] {
  if (before === after) return [];
  const out: TextChange[] = [];
  let at = 0;
  let open: TextChange | null = null;
  for (const piece of wordDiff(before, after)) {
    const n = codePointLength(piece.text);
    if (piece.op === 'equal') {
      if (open) out.push(open);
      open = null;
      at += n;
      continue;
    }
    open ??= { field, start: at, end: at, from: '', to: '' };
    if (piece.op === 'delete') {
      open.from += piece.text;
      open.end += n;
      at += n;
    } else open.to += piece.text;
  }
  if (open) out.push(open);
  return out;
}

/** The sequence as it is reported: renamings merged, each edit with its changes to question and passage. */
export function appliedEdits(steps: readonly EditStep[]): AppliedEdit[] {
  return mergeRenames(steps).map((s) => ({
    family: s.family,
    label: s.label,
    ...(s.rename ? { rename: s.rename } : {}),
    changes: [...textChanges('question', s.before.question, s.after.question), ...textChanges('context', s.before.context, s.after.context)],
  }));
}

/**
 * The question and passage after `edits`, each edit's changes applied last to first, offsets in code
 * points (as appliedEdits reports them); null when a change does not find the text it replaces
 * (the edits were found on another text), e.g. applyEdits({ question: 'Who?', context: 'Ann ran.' },
 * [{ changes: [{ field: 'context', start: 0, end: 3, from: 'Ann', to: 'Bo' }] }]) → { question: 'Who?', context: 'Bo ran.' }.
 */
export function applyEdits(original: Pick<Instance, 'question' | 'context'>, edits: readonly Pick<AppliedEdit, 'changes'>[]): { question: string; context: string } | null {
  const text = { question: Array.from(original.question), context: Array.from(original.context) };
  for (const e of edits) {
    for (const c of [...e.changes].reverse()) {
      const cps = text[c.field];
      if (c.end < c.start || c.end > cps.length || cps.slice(c.start, c.end).join('') !== c.from) return null;
      cps.splice(c.start, c.end - c.start, ...Array.from(c.to));
    }
  }
  return { question: text.question.join(''), context: text.context.join('') };
}
