/** Pieces shared by the comparison views (renaming, revision pairs): diffs, answer boxes, category texts. */
import type { ReactNode } from 'react';
import type { CategoryRule, PairCategory } from '../../core/natural/categories.ts';
import { wordDiff, type DiffPiece } from '../../core/text/diff.ts';
import { formatProb, formatScore } from '../shell/format.ts';
import { useApp } from '../store/index.ts';
import { Term, TermText } from '../teach/Term.tsx';
import { AnswerText } from '../shell/AnswerText.tsx';

export const CATEGORY_TEXT: Record<PairCategory, string> = {
  C2C: 'correct before and after the change',
  C2W: 'the change broke a correct answer',
  W2C: 'the change fixed a wrong answer',
  W2W: 'wrong before and after',
  partial: 'partly right on one side: neither EM 1 nor F1 below 0.4, so not counted as broken or fixed',
};

/** The rule in use, as the category line names it (the glossary's "category rule" says more). */
const RULE_SHORT: Record<CategoryRule, string> = { script: 'script rule: wrong = F1 < 0.4', em: 'EM rule: wrong = EM 0' };

/**
 * A pair's category chip (one colour per category, styles.css), what it means and the rule that
 * decided it, e.g. <CategoryLine category="partial" testid="rename-category" />. Every Live panel
 * that compares an original and a perturbed answer shows its category through this.
 */
export function CategoryLine({ category, testid, rule: given, children }: { category: PairCategory; testid: string; rule?: CategoryRule; children?: ReactNode }) {
  // A reopened case's category is its run's: the rule that decided it is given then.
  const live = useApp((s) => s.categoryRule);
  const rule = given ?? live;
  return (
    <div className="category-line">
      <span className={`cat cat-${category}`} data-testid={testid}>
        <Term k={category} />
      </span>{' '}
      <span className="hint">
        {CATEGORY_TEXT[category]} (<Term k="category rule">{RULE_SHORT[rule]}</Term>)
      </span>
      {children}
    </div>
  );
}

/** A passage and its edit as a word-level diff; pieces are text nodes, never HTML. `mark` outlines a span of the original (the answer sentence). */
export function PassageDiff({ a, b, testid = 'rename-diff', mark }: { a: string; b: string; testid?: string; mark?: { start: number; end: number } }) {
  return (
    // A Tab stop: the box scrolls when the passage is long, and a keyboard must be able to scroll it.
    <div className="diff" data-testid={testid} tabIndex={0} role="region" aria-label="The passage and its edit">
      {placed(wordDiff(a, b)).map(({ p, at }, i) => {
        return p.op === 'equal' ? (
          <EqualPiece key={i} text={p.text} at={at} mark={mark} />
        ) : p.op === 'delete' ? (
          <del key={i}>{p.text}</del>
        ) : (
          <ins key={i}>{p.text}</ins>
        );
      })}
    </div>
  );
}

/** Each diff piece with its offset in the original text, e.g. placed([{ op: 'equal', text: 'ab' }, …])[1].at === 2. */
function placed(pieces: readonly DiffPiece[]): { p: DiffPiece; at: number }[] {
  const out: { p: DiffPiece; at: number }[] = [];
  let pos = 0;
  for (const p of pieces) {
    out.push({ p, at: pos });
    if (p.op !== 'insert') pos += p.text.length;
  }
  return out;
}

/** Unchanged text, with the part inside `mark` outlined. */
function EqualPiece({ text, at, mark }: { text: string; at: number; mark: { start: number; end: number } | undefined }) {
  if (!mark || mark.end <= at || mark.start >= at + text.length) return <span>{text}</span>;
  const a = Math.max(0, mark.start - at);
  const b = Math.min(text.length, mark.end - at);
  return (
    <span>
      {text.slice(0, a)}
      <span className="answer-sentence">{text.slice(a, b)}</span>
      {text.slice(b)}
    </span>
  );
}

/** One side's answer with its probability and EM/F1. */
export function AnswerBox({ title, text, prob, score, testid }: { title: string; text: string | undefined; prob?: number; score: { em: number; f1: number } | null; testid: string }) {
  return (
    <div className="answer-box" data-testid={testid}>
      <div className="field-label">{title}</div>
      <div className="answer-box-text">
        {text === undefined ? <span data-testid={`${testid}-text`}>…</span> : <AnswerText text={text} testid={`${testid}-text`} />}
        {prob !== undefined && text ? <span className="prob"> {formatProb(prob)}</span> : null}
      </div>
      {score && (
        <div className="hint">
          <TermText text={formatScore(score)} />
        </div>
      )}
    </div>
  );
}
