/**
 * The no-answer (SQuAD 2.0) decision, once per dataset, for every surface: Live, the app's
 * experiments, every qarx command, the audit, and every file the tool writes. `versionTwo` means
 * both "the model may answer no answer" (decoding with the null span) and "scored and written as
 * SQuAD 2.0" (the official v2.0 evaluator, `is_impossible` on every question, version "v2.0").
 *
 * Precedence (first that applies):
 * 1. Unanswerable questions in the dataset → on. The official v2.0 evaluator is the only one that
 *    scores them (v1.1's max over no gold answers fails), and a model forbidden to abstain gets every
 *    one wrong by construction, so a user's "off" (--squad1, Live's checkbox) is refused here.
 * 2. The user's override (--squad2 / --squad1, Live's "allow no answer") → as set.
 * 3. The file's version string: "v2…"/"2…" → on, "v1…"/"1…" → off. A file marked v2.0 whose
 *    questions are all answerable stays on: it is the answerable part of a SQuAD 2.0 set (the tool's
 *    own `--answerable-only` files, the app's "answerable only" filter), and each question must get
 *    the prediction it gets in the full set, as the official HasAns figures do.
 * 4. Nothing says → off (SQuAD 1.1, the default of the released run_qa scripts).
 */

/** The user's choice: 'squad2' forces no answer on, 'squad1' off, null lets the data decide. */
export type NoAnswerOverride = 'squad2' | 'squad1' | null;

/** What a dataset says about no answer: its unanswerable questions and its file's version string. */
export interface NoAnswerData {
  /** Unanswerable questions in the whole dataset (not a selection of it). */
  unanswerable: number;
  /** The file's root `version` as written ("v2.0", "1.1", 2), absent or null for formats without one. */
  version?: string | number | null;
}

/** A dataset's evidence and the user's override: everything the decision reads. */
export interface NoAnswerEvidence extends NoAnswerData {
  override?: NoAnswerOverride;
  /** How the override is named to the user (default '--squad2' / '--squad1'). */
  overrideName?: { squad2: string; squad1: string };
}

/** The decision and why, e.g. { versionTwo: true, by: 'unanswerable', reason: 'on: the data has 3 unanswerable questions (SQuAD 2.0)' }. */
export interface NoAnswerDecision {
  versionTwo: boolean;
  /** Which rule of the precedence decided. */
  by: 'unanswerable' | 'override' | 'version' | 'default';
  reason: string;
  /** The user's override that the data refused (only 'squad1' on data with unanswerable questions). */
  refused?: string;
}

const CLI_NAMES = { squad2: '--squad2', squad1: '--squad1' } as const;

/** A version string or number without its "v" and spaces, as one spelling, e.g. versionNumber(' v1.1') === '1.1', versionNumber(2) === '2'. */
export function versionNumber(version: string | number | null | undefined): string {
  return String(version ?? '').trim().replace(/^v/i, '');
}

/** 2, 1 or null: the major SQuAD version a version string or number names, e.g. versionMajor('v2.0') === 2, versionMajor('1.1') === 1. */
export function versionMajor(version: string | number | null | undefined): 1 | 2 | null {
  const s = versionNumber(version);
  return /^2(\b|\.|$)/.test(s) ? 2 : /^1(\b|\.|$)/.test(s) ? 1 : null;
}

/** The no-answer decision for one dataset, e.g. decideNoAnswer({ unanswerable: 0, version: 'v2.0' }).versionTwo === true. */
export function decideNoAnswer(e: NoAnswerEvidence): NoAnswerDecision {
  const names = e.overrideName ?? CLI_NAMES;
  const n = e.unanswerable;
  if (n > 0) {
    const reason = `on: the data has ${n.toLocaleString('en-US')} unanswerable question${n === 1 ? '' : 's'} (SQuAD 2.0)`;
    if (e.override === 'squad1') return { versionTwo: true, by: 'unanswerable', reason: `${reason}; ${names.squad1} refused: only SQuAD 2.0 scores unanswerable questions`, refused: names.squad1 };
    return { versionTwo: true, by: 'unanswerable', reason };
  }
  if (e.override === 'squad2') return { versionTwo: true, by: 'override', reason: `on: ${names.squad2}` };
  if (e.override === 'squad1') return { versionTwo: false, by: 'override', reason: `off: ${names.squad1}` };
  const major = versionMajor(e.version);
  if (major === 2) return { versionTwo: true, by: 'version', reason: `on: the file is marked ${String(e.version)} (SQuAD 2.0), though every question is answerable` };
  if (major === 1) return { versionTwo: false, by: 'version', reason: `off: the file is marked ${String(e.version)} (SQuAD 1.1) and every question is answerable` };
  return { versionTwo: false, by: 'default', reason: 'off: every question of the data is answerable and no version says SQuAD 2.0 (SQuAD 1.1)' };
}

/** The version string a written file keeps for a decision, e.g. squadVersionOf(true) === 'v2.0'. */
export function squadVersionOf(versionTwo: boolean): 'v1.1' | 'v2.0' {
  return versionTwo ? 'v2.0' : 'v1.1';
}

/**
 * One decision for questions drawn from several datasets (a selection): one decoding setting runs
 * them all, so it is on when any dataset's is, and the reason names each, e.g.
 * combineNoAnswer([{ name: 'a', decision: on }]) → on's decision with 'a: ' before its reason.
 */
export function combineNoAnswer(parts: readonly { name: string; decision: NoAnswerDecision }[]): NoAnswerDecision {
  if (parts.length === 0) return decideNoAnswer({ unanswerable: 0 });
  if (parts.length === 1) return (parts[0] as { decision: NoAnswerDecision }).decision;
  const on = parts.filter((p) => p.decision.versionTwo);
  const decider = on[0] ?? parts[0];
  const versionTwo = on.length > 0;
  const reason = `${versionTwo ? 'on' : 'off'}: ${parts.map((p) => `${p.name} ${p.decision.reason}`).join('; ')}`;
  return { versionTwo, by: (decider as { decision: NoAnswerDecision }).decision.by, reason };
}

/** A dataset's evidence from its questions and its file's version string, e.g. noAnswerData(instances, 'v2.0'). */
export function noAnswerData(instances: readonly { isImpossible: boolean }[], version?: string | number | null): NoAnswerData {
  let unanswerable = 0;
  for (const i of instances) if (i.isImpossible) unanswerable++;
  return { unanswerable, version: version ?? null };
}

/** How Live names its override: the "allow no answer" checkbox. */
const LIVE_NAMES = { squad2: '"allow no answer" ticked', squad1: '"allow no answer" unticked' };

/**
 * Live's decision: the selected question's dataset decides unless the user ticked or unticked
 * "allow no answer" (null: not touched); your own text with no question selected keeps the model
 * free to say no answer, e.g. liveNoAnswer({ unanswerable: 0, version: 'v1.1' }, null).versionTwo === false.
 */
export function liveNoAnswer(data: NoAnswerData | null, override: boolean | null): NoAnswerDecision {
  const asked: NoAnswerOverride = override === null ? null : override ? 'squad2' : 'squad1';
  if (data) return decideNoAnswer({ ...data, override: asked, overrideName: LIVE_NAMES });
  if (asked) return { versionTwo: override === true, by: 'override', reason: `${override ? 'on' : 'off'}: ${override ? LIVE_NAMES.squad2 : LIVE_NAMES.squad1}` };
  return { versionTwo: true, by: 'default', reason: 'on: your own text (no dataset decides; untick "allow no answer" to turn it off)' };
}
