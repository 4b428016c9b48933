/** Type a passage and a question; the answer is highlighted in place and re-computed as you edit. */
import { useEffect, useRef } from 'react';
import { Term, TermText, firstUse } from '../teach/Term.tsx';
import { metricLabel, scorePrediction, scoringLangOf, withScoringLang } from '../../core/data/score.ts';
import type { Instance } from '../../core/data/types.ts';
import { segments, type Mark } from './highlight.ts';
import { answerProb, formatProb, formatScore } from '../shell/format.ts';
import { useApp } from '../store/index.ts';
import { formatMs } from '../models/RuntimeBadge.tsx';
import { EntityPanel } from './EntityPanel.tsx';
import { ParaphraseLive } from './ParaphraseLive.tsx';
import { CompareView } from '../results/CompareView.tsx';
import { ShareLink } from '../results/ShareLink.tsx';
import { MissingLinkNotice } from '../results/MissingLinkNotice.tsx';
import { RevisionPanel, WikiPanel } from './RevisionPanel.tsx';
import { AdversarialPanel, TrapPanel } from './TrapPanel.tsx';
import { ExplainPanel } from './ExplainPanel.tsx';
import { ReopenedCase } from '../results/ReopenedCase.tsx';
import { findMentions } from '../../core/entity/substitute.ts';
import type { LiveRename } from '../../core/entity/live.ts';
import { answerDelay, isBulkEdit, shownAnswerIs, type AnswerTrigger, type LiveTexts } from './answer-delay.ts';
import { answerVerdict } from '../../core/natural/categories.ts';
import { AnswerText } from '../shell/AnswerText.tsx';
import { liveInstance } from '../store/entity-slice.ts';

export function LiveView() {
  const passage = useApp((s) => s.passage);
  const question = useApp((s) => s.question);
  const status = useApp((s) => s.modelStatus);
  const modelId = useApp((s) => s.model?.id);
  const { setPassage, setQuestion, answer } = useApp.getState();
  /** What the last answer was asked with; set when it is asked, so an effect run twice still sees the first state. */
  const answered = useRef<AnswerTrigger | null>(null);
  /** The latest edit: its texts and whether it was a bulk one, measured against the texts before it, not against the last answer (typing adds up); an effect run twice keeps the verdict. */
  const edit = useRef<{ texts: LiveTexts; bulk: boolean }>({ texts: { passage, question }, bulk: false });

  useEffect(() => {
    const before = edit.current.texts;
    if (before.passage !== passage || before.question !== question) edit.current = { texts: { passage, question }, bulk: isBulkEdit(before, { passage, question }) };
    const bulk = edit.current.bulk;
    if (status !== 'ready') {
      answered.current = null; // a reload of the same model answers at once when it is ready again
      return;
    }
    const now = { status, modelId };
    const t = setTimeout(() => {
      answered.current = now;
      answer();
    }, answerDelay(answered.current, now, bulk));
    return () => clearTimeout(t);
  }, [passage, question, status, modelId, answer]);

  return (
    <div className="live">
      <MissingLinkNotice />
      <InstanceHeader />
      <ReopenedCase />
      <label className="field">
        <span className="field-label">Question</span>
        <input id="question-input" className="question" data-testid="question-input" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="Ask something the passage answers…" />
      </label>
      <ParaphraseLive />
      <div className="field">
        <span className="field-label">Passage</span>
        <PassageEditor value={passage} onChange={setPassage} />
      </div>
      <AnswerCard />
      <ExplainPanel />
      <CompareView />
      <ShareLink />
      <RevisionPanel />
      <AdversarialPanel />
      <EntityPanel />
      <TrapPanel />
      <WikiPanel />
    </div>
  );
}

/** A textarea over a mirror div that shows the highlights; both share font and wrapping exactly. */
function PassageEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const prediction = useApp((s) => s.prediction);
  const selected = useApp((s) => s.selectedSpan);
  const mirror = useRef<HTMLDivElement>(null);
  const instance = useApp((s) => s.instance);
  const span = prediction ? (prediction.nbest[selected] ?? null) : null;
  const stale = prediction && span && value.slice(span.start, span.end) !== span.text;
  const marks: Mark[] = span && !stale && span.end > span.start ? [{ start: span.start, end: span.end, kind: selected === 0 && prediction?.text !== '' ? 'answer' : 'candidate' }] : [];
  if (instance) marks.push(...goldMarks(value, instance));
  const rename = useApp((s) => (s.renameOpen ? s.rename : null));
  if (rename && rename.original.context === value) marks.push(...entityMarks(value, rename.entities));
  return (
    <div className="editor">
      <div className="editor-mirror" ref={mirror} aria-hidden="true" data-testid="passage-view">
        {segments(value, marks).map((s, i) =>
          s.kinds.length ? (
            <mark key={i} className={`hl hl-${s.kinds.join(' hl-')}${s.kinds.every((k) => k.startsWith('ent-')) ? ' hl-entity-only' : ''}`} data-testid={s.kinds.includes('answer') ? 'answer-highlight' : s.kinds.includes('gold') ? 'gold-highlight' : s.kinds.includes('candidate') ? 'candidate-highlight' : 'entity-highlight'}>
              {s.text}
            </mark>
          ) : (
            <span key={i}>{s.text}</span>
          ),
        )}
        {'\n'}
      </div>
      <textarea
        className="editor-input"
        data-testid="passage-input"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onScroll={(e) => {
          if (mirror.current) mirror.current.scrollTop = e.currentTarget.scrollTop;
        }}
        aria-label="Passage"
      />
    </div>
  );
}

function AnswerCard() {
  const prediction = useApp((s) => s.prediction);
  const status = useApp((s) => s.modelStatus);
  const busy = useApp((s) => s.predictJob !== null);
  // The answer shown was asked with other texts (an edit waits for its typing pause, runs, or failed): dimmed as while busy, and said so for tools.
  const previous = useApp((s) => shownAnswerIs(s.prediction !== null, s.answeredFor, s) === 'previous');
  const error = useApp((s) => s.predictError);
  const ms = useApp((s) => s.inferenceMs);
  const computed = useApp((s) => s.windowsComputed);
  const cached = useApp((s) => s.windowsCached);
  const selected = useApp((s) => s.selectedSpan);
  const allowNull = useApp((s) => s.allowNull);
  const noAnswerDecision = useApp((s) => s.liveNoAnswer);
  const model = useApp((s) => s.model);
  const progress = useApp((s) => s.predictProgress);
  // With both fields filled an answer is on its way (running, or due after the typing pause).
  const asked = useApp((s) => s.question.trim() !== '' && s.passage.trim() !== '');
  const { selectSpan, setAllowNull } = useApp.getState();

  if (!model && !prediction) {
    const msg = status === 'loading' ? 'Loading the model…' : 'No model loaded: pick one on the left.';
    return <div className="answer-card muted" data-testid="answer-card">{msg}</div>;
  }
  const top = prediction?.nbest.filter((s) => !(s.text === 'empty' && s.start === s.end)).slice(0, 5) ?? [];
  const noAnswer = prediction?.text === '';
  return (
    <div className={`answer-card${busy ? ' busy' : ''}${previous ? ' previous' : ''}`} data-testid="answer-card" data-answers={previous ? 'previous' : 'current'} aria-live="polite">
      <div className="answer-head">
        <div>
          <div className="field-label">Answer</div>
          {prediction ? (
            noAnswer ? (
              <div className="answer no-answer">
                <AnswerText text="" testid="answer-text" /> <span className="hint">(null score beats the best span “{prediction.best?.text}” by {prediction.nullScoreDiff?.toFixed(2)})</span>
              </div>
            ) : (
              <div className="answer">
                <span data-testid="answer-text">{prediction.text}</span>
                <span className="prob" data-testid="answer-probability">
                  {formatProb(answerProb(prediction) ?? 0)}
                </span>
              </div>
            )
          ) : (
            <div className="answer muted" data-testid="answer-pending">{error ?? (busy || asked ? 'Computing the answer…' : 'Type a question and a passage.')}</div>
          )}
        </div>
        <label className="toggle">
          <input type="checkbox" checked={allowNull} onChange={(e) => setAllowNull(e.target.checked)} />{' '}
          {/* One flex item: the toggle's gap would otherwise open up the brackets. */}
          <span>
            allow “no answer” (<Term k="SQuAD 2.0">SQuAD 2.0</Term>)
          </span>
        </label>
        <span className="muted no-answer-reason" data-testid="no-answer-reason"><Term k="no-answer decision">no answer</Term> <TermText text={noAnswerDecision.reason} /></span>
      </div>
      {error && prediction && <div className="error">{error}</div>}
      {prediction && <ScoreLine prediction={prediction.text} />}
      {top.length > 0 && (
        <ol className="nbest" data-testid="nbest">
          {top.map((s, i) => (
            <li key={`${s.start}-${s.end}-${i}`}>
              <button type="button" className={i === selected ? 'active' : ''} aria-pressed={i === selected} onClick={() => selectSpan(i)}>
                <span className="nbest-text"><AnswerText text={s.text} /></span>
                <span className="bar" style={{ width: `${Math.max(2, s.probability * 100)}%` }} />
                <span className="nbest-prob">{formatProb(s.probability)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {busy && progress && progress.total > 1 && (
        <div className="timing" data-testid="predict-progress">
          computing window {Math.min(progress.done + 1, progress.total)} of {progress.total}…
          <progress max={progress.total} value={progress.done} />
        </div>
      )}
      {prediction && ms !== null && !(busy && progress && progress.total > 1) && (
        <div className="timing" data-testid="timing">
          <Term k="wasm-webgpu">{model?.device === 'webgpu' ? 'WebGPU' : 'WASM'}</Term> · inference {formatMs(ms)} · {prediction.windows} window{prediction.windows === 1 ? '' : 's'} ({computed} computed, {cached} from cache)
        </div>
      )}
    </div>
  );
}

/** Where the gold answers are in the (possibly edited) passage: at their offsets, else found by text. */
export function goldMarks(passage: string, instance: Pick<Instance, 'answers' | 'context'>): Mark[] {
  const marks: Mark[] = [];
  for (const a of instance.answers) {
    if (!a.text) continue;
    const at = passage.slice(a.start, a.start + a.text.length) === a.text ? a.start : passage.indexOf(a.text);
    if (at >= 0 && !marks.some((m) => m.start === at)) marks.push({ start: at, end: at + a.text.length, kind: 'gold' });
  }
  return marks;
}

/** Every mention of each entity's perturbable spans, marked with the entity type (ent-PER, ent-ORG, ent-GPE). */
export function entityMarks(passage: string, entities: LiveRename['entities']): Mark[] {
  const marks: Mark[] = [];
  for (const { entity, spans } of entities) {
    for (const s of spans) for (const m of findMentions(passage, s.text)) marks.push({ start: m.start, end: m.end, kind: `ent-${entity.type}` });
  }
  return marks;
}

/** Which instance is open, its gold answers, and a way back to free text. */
function InstanceHeader() {
  const instance = useApp((s) => s.instance);
  const datasets = useApp((s) => s.datasets);
  if (!instance) return null;
  const ds = datasets.find((d) => d.id === instance.dataset)?.name ?? instance.dataset;
  const gold = instance.isImpossible ? 'unanswerable' : [...new Set(instance.answers.map((a) => a.text))].join(' · ');
  // A tag that is a glossary word (PER, GPE, C2W …) carries its help.
  const first = firstUse();
  return (
    <div className="instance-head" data-testid="instance-head">
      <div>
        <span className="catalog-id">
          {ds} · {instance.id}
        </span>
        {instance.title && <strong> {instance.title}</strong>}
        {instance.tags.map((t) => (
          <span key={t} className="tag">
            {first(t)}
          </span>
        ))}
      </div>
      <div className="gold" data-testid="gold-answers">
        gold: <span className="gold-text">{gold}</span>
      </div>
      <button type="button" className="link" onClick={() => useApp.setState({ instance: null, selectedKey: null })}>
        Close
      </button>
    </div>
  );
}

/** EM and F1 of the current answer against the open instance's gold answers. */
function ScoreLine({ prediction }: { prediction: string }) {
  const open = useApp((s) => s.instance);
  const passage = useApp((s) => s.passage);
  const question = useApp((s) => s.question);
  const lang = useApp((s) => s.scoringLang);
  const rule = useApp((s) => s.categoryRule);
  if (!open) return null;
  // The question every live panel scores: an edited passage keeps the golds it still holds.
  const live = liveInstance({ instance: open, passage, question, prediction: null });
  if (live.tags.includes('free-text')) {
    return (
      <div className="hint" data-testid="score">
        Not scored: the edited passage no longer holds the text of any gold answer. The renaming, trap and noise panels below compare with the model&apos;s own answer instead.
      </div>
    );
  }
  const instance = withScoringLang([live], lang)[0] ?? live;
  const s = scorePrediction(prediction, instance);
  // The category rule's verdict: the one every category line and the failure gallery use.
  const verdict = answerVerdict(s, rule);
  return (
    <>
      <div className={`score score-${verdict.replace(' ', '-')}`} data-testid="score">
        <TermText text={`${formatScore(s)} — ${verdict}`} />
      </div>
      <div className="hint" data-testid="score-metric">
        <TermText text={`${metricLabel(scoringLangOf(instance))}${lang !== 'auto' ? ' (set under Scoring)' : ''}`} />
      </div>
    </>
  );
}
