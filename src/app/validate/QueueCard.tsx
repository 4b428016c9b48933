/**
 * One case of the validation queue, as Wu et al. App. H has annotators work: read the perturbed
 * passage (the edit highlighted, the original one click away), answer the question yourself (a span
 * or "no answer"), then say whether the perturbation kept the meaning. Fully keyboard-driven: the
 * keys are listed on the card; clicks do the same.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Annotation, ValidationCase } from '../../core/validation/types.ts';
import { codePointSlice } from '../../core/text/codepoints.ts';
import { PassageDiff } from '../results/Compare.tsx';
import { answerOf, applyMove, choiceOf, isEdited, moveOfKey, selectedRange, wordsOf, type Choice, type Word } from './answer-span.ts';

/** The keys, as the card lists them. */
export const CARD_KEYS: readonly [string, string][] = [
  ['← →', 'pick the word before / after'],
  ['Shift + ← →', 'make the answer shorter / longer'],
  ['↑ ↓', 'jump to the previous / next sentence'],
  ['0', 'no answer is in the passage'],
  ['C', 'clear the answer'],
  ['Y', 'meaning kept: save and go to the next case'],
  ['N', 'meaning changed: save and go to the next case'],
  ['B', 'back to the previous case'],
];

/** The passage as words and the text between them, the edit marked, the chosen answer highlighted. */
function Passage({ passage, words, edits, choice, onPick }: { passage: string; words: readonly Word[]; edits: ValidationCase['edits']; choice: Choice; onPick: (i: number, extend: boolean) => void }) {
  const range = selectedRange(choice);
  const parts: React.ReactNode[] = [];
  let at = 0;
  words.forEach((w, i) => {
    if (w.start > at) parts.push(<span key={`g${i}`} className={isEdited({ start: at, end: w.start }, edits) ? 'vq-edit' : undefined}>{codePointSlice(passage, at, w.start)}</span>);
    const cls = [isEdited(w, edits) ? 'vq-edit' : '', range && i >= range[0] && i <= range[1] ? 'vq-sel' : ''].filter(Boolean).join(' ');
    parts.push(
      <span key={i} className={cls || undefined} data-word={i} onClick={(e) => onPick(i, e.shiftKey)}>
        {codePointSlice(passage, w.start, w.end)}
      </span>,
    );
    at = w.end;
  });
  parts.push(codePointSlice(passage, at));
  return (
    <p className="vq-passage" data-testid="vq-passage" lang={/\p{Script=Han}/u.test(passage) ? 'zh' : undefined}>
      {parts}
    </p>
  );
}

export function QueueCard({ c, given, position, total, onJudge, onBack }: { c: ValidationCase; given: Annotation | undefined; position: number; total: number; onJudge: (answer: Annotation['answer'], meaningKept: boolean) => void; onBack: () => void }) {
  const words = useMemo(() => wordsOf(c.passage), [c.passage]);
  const [choice, setChoice] = useState<Choice>(() => choiceOf(words, given?.answer));
  const [hint, setHint] = useState<string | null>(null);
  const card = useRef<HTMLDivElement>(null);
  // Each case mounts its own card (keyed by id), starting from its saved judgement; the card takes the keyboard.
  useEffect(() => {
    card.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    card.current?.querySelector('.vq-sel')?.scrollIntoView?.({ block: 'nearest' });
  }, [choice]);
  const answer = answerOf(c.passage, words, choice);
  const judge = (kept: boolean) => {
    if (answer === undefined) return setHint('Answer the question first: pick the answer’s words (→), or press 0 for no answer.');
    onJudge(answer, kept);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target as Element).closest('button, details, a, input')) return;
    const move = moveOfKey(e.key, e.shiftKey);
    if (move) {
      e.preventDefault();
      setHint(null);
      return setChoice((ch) => applyMove(words, ch, move));
    }
    const k = e.key.toLowerCase();
    if (k === 'y' || k === 'n') {
      e.preventDefault();
      judge(k === 'y');
    } else if (k === 'b') {
      e.preventDefault();
      onBack();
    }
  };
  const pick = (i: number, extend: boolean) => setChoice((ch) => (extend && ch.kind === 'span' ? { ...ch, focus: i } : { kind: 'span', anchor: i, focus: i }));
  return (
    <div ref={card} className="vq-card" tabIndex={0} role="group" aria-label={`Case ${position + 1} of ${total}`} aria-describedby="vq-keys" data-testid="vq-card" onKeyDown={onKey}>
      <p className="vq-meta hint">
        {c.perturbation} · {c.dataset} · {c.questionId}
      </p>
      <p className="vq-question" data-testid="vq-question">
        <strong>Question:</strong> {c.question}
      </p>
      {c.originalQuestion !== undefined && c.originalQuestion !== c.question && <PassageDiff a={c.originalQuestion} b={c.question} testid="vq-question-diff" />}
      <Passage passage={c.passage} words={words} edits={c.edits} choice={choice} onPick={pick} />
      {c.originalPassage !== c.passage && (
        <details className="vq-original">
          <summary>The change against the original passage</summary>
          <PassageDiff a={c.originalPassage} b={c.passage} testid="vq-diff" />
        </details>
      )}
      <p className="vq-answer" data-testid="vq-answer" aria-live="polite">
        Your answer: {answer === undefined ? <em>none picked yet</em> : answer === null ? <b>no answer</b> : <b>{answer.text}</b>}
      </p>
      {hint && (
        <p className="hint warn" role="status" data-testid="vq-hint">
          {hint}
        </p>
      )}
      <div className="row wrap vq-buttons">
        <button type="button" data-testid="vq-no-answer" aria-pressed={choice.kind === 'no-answer'} onClick={() => setChoice({ kind: 'no-answer' })}>
          No answer (0)
        </button>
        <button type="button" className="primary" data-testid="vq-kept" onClick={() => judge(true)}>
          Meaning kept (Y)
        </button>
        <button type="button" data-testid="vq-changed" onClick={() => judge(false)}>
          Meaning changed (N)
        </button>
        <button type="button" data-testid="vq-back" disabled={position === 0} onClick={onBack}>
          Back (B)
        </button>
      </div>
      <dl className="vq-keys" id="vq-keys" data-testid="vq-keys">
        {CARD_KEYS.map(([k, what]) => (
          <div key={k}>
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
