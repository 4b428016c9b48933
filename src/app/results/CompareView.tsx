/**
 * Every loaded model's answer to the live question side by side: the passage with each model's
 * answer marked (letter badge and its own underline style), and per model the answer, its
 * probability, its score and its category (C2W …) against the unperturbed original.
 */
import { Term, TermText } from '../teach/Term.tsx';
import { useEffect } from 'react';
import { scorePrediction } from '../../core/data/score.ts';
import { PRIMARY, type ModelAnswer } from '../../worker/multi-protocol.ts';
import { answerCategory, compareInputs, type CompareInputs } from './compare-inputs.ts';
import { answerProb, formatProb, formatScore } from '../shell/format.ts';
import { segments, type Mark } from '../live/highlight.ts';
import { useApp } from '../store/index.ts';
import { modelOfKey, readyKeys } from '../store/multi-slice.ts';
import { ModelBadge } from '../models/ModelsPanel.tsx';
import { TokenView } from '../live/TokenView.tsx';
import { AnswerText } from '../shell/AnswerText.tsx';
import { rateNumber } from '../models/RuntimeBadge.tsx';

const DEBOUNCE_MS = 300;

export function CompareView() {
  const keys = useApp((s) => readyKeys(s).join(','));
  const added = useApp((s) => s.addedModels.length);
  const tokenKey = useApp((s) => s.tokenViewKey);
  const passage = useApp((s) => s.passage);
  const question = useApp((s) => s.question);
  const rename = useApp((s) => (s.renameOpen ? s.rename : null));
  const instance = useApp((s) => s.instance);
  const allowNull = useApp((s) => s.allowNull);
  // The golds follow the Scoring choice: a change re-scores the cards without asking the models again.
  useApp((s) => s.scoringLang);
  const answers = useApp((s) => s.compareAnswers);
  const error = useApp((s) => s.compareError);
  const busy = useApp((s) => s.compareJob !== null);
  const active = keys !== '' && (added > 0 || tokenKey !== null);
  const c = compareInputs(useApp.getState());

  useEffect(() => {
    if (!active) return;
    const t = setTimeout(() => {
      const now = compareInputs(useApp.getState());
      useApp.getState().compareModels(now.before, now.after, useApp.getState().allowNull);
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [active, keys, passage, question, rename, instance, allowNull]);

  if (keys === '') return null;
  if (!active) {
    return (
      <div className="compare">
        <button type="button" onClick={() => useApp.getState().openTokenView(PRIMARY)} data-testid="open-token-view">
          Token view
        </button>{' '}
        <span className="hint">Start and end probabilities over the passage tokens, before and after an edit.</span>
      </div>
    );
  }
  const shown = answers?.filter((a) => keys.split(',').includes(a.key)) ?? [];
  return (
    <section className="compare" data-testid="compare-view" aria-busy={busy}>
      <h3>{added > 0 ? 'Models side by side' : 'Answer'} {c.what && <span className="hint">— original vs {c.what}</span>}</h3>
      {error && (
        <div className="error" role="alert" data-testid="compare-error">
          {error}
        </div>
      )}
      {shown.length > 0 && <MarkedPassage text={c.after.context} answers={shown} />}
      <div className="compare-cards">
        {shown.map((a) => (
          <AnswerColumn key={a.key} answer={a} inputs={c} />
        ))}
      </div>
      {tokenKey && shown.some((a) => a.key === tokenKey) && <TokenView answer={shown.find((a) => a.key === tokenKey) as ModelAnswer} inputs={c} />}
    </section>
  );
}

/** The passage with every model's answer marked: a letter badge before it and the model's underline style. */
function MarkedPassage({ text, answers }: { text: string; answers: ModelAnswer[] }) {
  const s = useApp.getState();
  const marks: Mark[] = answers.flatMap((a) => {
    const b = a.after.prediction.best;
    const letter = modelOfKey(s, a.key).letter;
    return b && a.after.prediction.text !== '' && b.end > b.start ? [{ start: b.start, end: b.end, kind: letter }] : [];
  });
  const segs = segments(text, marks);
  // Where each segment starts in the text, to put a model's badge before its answer.
  const starts = segs.reduce<number[]>((acc, seg, i) => [...acc, i === 0 ? 0 : (acc[i - 1] as number) + (segs[i - 1]?.text.length ?? 0)], []);
  return (
    <p className="compare-passage" data-testid="compare-passage">
      {segs.map((seg, i) => {
        const start = starts[i] as number;
        const starting = marks.filter((m) => m.start === start).map((m) => m.kind);
        if (!seg.kinds.length) return <span key={i}>{seg.text}</span>;
        return (
          <span key={i}>
            {starting.map((l) => (
              <ModelBadge key={l} letter={l} />
            ))}
            <mark className={seg.kinds.map((k) => `mm mm-${k}`).join(' ')} data-testid="model-answer-mark" data-models={seg.kinds.join('')} aria-label={`answer of model ${seg.kinds.join(' and ')}`}>
              {seg.text}
            </mark>
          </span>
        );
      })}
    </p>
  );
}

function AnswerColumn({ answer, inputs }: { answer: ModelAnswer; inputs: CompareInputs }) {
  const s = useApp.getState();
  const { info, letter } = modelOfKey(s, answer.key);
  const p = answer.after.prediction;
  // The shown answer's probability, the empty answer's when it says "no answer" (as the answer card).
  const prob = answerProb(p);
  const rule = useApp((st) => st.categoryRule);
  const cat = answerCategory(answer, inputs, rule);
  const score = inputs.goldAfter && (inputs.goldAfter.answers.length || inputs.goldAfter.isImpossible) ? scorePrediction(p.text, inputs.goldAfter) : null;
  const open = useApp((st) => st.tokenViewKey === answer.key);
  return (
    <article className="compare-card" data-testid="model-answer" data-key={answer.key}>
      <header>
        <ModelBadge letter={letter} /> <strong>{info?.id ?? answer.key}</strong> <span className="catalog-id">{info ? <TermText text={`${info.device} · ${info.dtype}`} /> : ''}</span>
      </header>
      <p className="compare-answer">
        <AnswerText text={p.text} testid="model-answer-text" />{' '}
        <span className="hint">{prob === null ? '' : formatProb(prob)}</span>
      </p>
      {answer.before && (
        <p className="hint">
          Original: <AnswerText text={answer.before.prediction.text} testid="model-answer-before" />
        </p>
      )}
      <p>
        {cat ? (
          <span className={`cat-chip cat-${cat}`} data-testid="model-category">
            <Term k={cat} />
          </span>
        ) : (
          <span className="hint" data-testid="model-category">
            {inputs.before ? 'no gold answer' : 'no perturbation yet'}
          </span>
        )}
        {score && (
          <span className="hint">
            {' '}
            · <TermText text={formatScore(score)} />
          </span>
        )}
        {answer.windowsPerSecond !== null && (
          <span className="hint">
            {' '}
            · {rateNumber(answer.windowsPerSecond)} <Term k="windows/s" />
          </span>
        )}
      </p>
      <button type="button" className="small" aria-pressed={open} onClick={() => useApp.getState().openTokenView(open ? null : answer.key)} data-testid="token-view-toggle">
        {open ? 'Hide token view' : 'Token view'}
      </button>
    </article>
  );
}
