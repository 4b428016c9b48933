/**
 * "Explain" in the live view: an occlusion heat map over the passage (each sentence, or each word
 * of one sentence, removed in turn: how the answer's probability moved), before and after a
 * perturbation side by side, input reduction of the question (Feng et al. 2018), and "Find a
 * failure" (the smallest breaking edit within a call budget). Colours are ColorBrewer's PuOr
 * (colour-blind safe); a changed answer is also outlined, and every unit is listed as text.
 * Passages render as text nodes and <mark>s, never HTML.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { byEffect, type Occlusion, type OcclusionRow } from '../../core/explain/occlusion.ts';
import { describeBreak, FAMILY_LABELS } from '../../core/explain/search-options.ts';
import { sentenceUnits } from '../../core/explain/units.ts';
import { MAX_FAILURE_BUDGET, MIN_FAILURE_BUDGET } from '../store/explain-slice.ts';
import { useApp } from '../store/index.ts';
import { formatProb, quotedAnswer, signed } from '../shell/format.ts';
import { countOf } from '../../core/text/plural.ts';
import { formatMs } from '../models/RuntimeBadge.tsx';
import { Term } from '../teach/Term.tsx';
import { foundEditText } from './found-edit.ts';
import { AnswerText } from '../shell/AnswerText.tsx';
import { liveInstance } from '../store/entity-slice.ts';

// ColorBrewer PuOr ends: orange = removing the unit lowered the answer's probability, purple = raised it.
const LOWER = [241, 163, 64];
const RAISE = [153, 142, 195];
/** How long typing pauses before Explain runs again: one run per pause, not one per key. */
const TYPING_PAUSE_MS = 400;

/** The background of a unit whose removal moved the probability by delta (−1…1), e.g. rgba(241, 163, 64, 0.90) for −1. */
export function heatColour(delta: number): string {
  const [r, g, b] = delta < 0 ? LOWER : RAISE;
  const a = Math.min(0.9, Math.abs(delta) * 0.9 + (delta === 0 ? 0 : 0.08));
  return `rgba(${r}, ${g}, ${b}, ${a.toFixed(2)})`;
}

/** A probability change in points, e.g. "-42.0 pts". */
const points = (d: number) => `${signed(d * 100)} pts`;

/** The passage with each unit shaded by its effect (a changed answer outlined). */
function HeatMap({ occ, text, testid }: { occ: Occlusion; text: string; testid: string }) {
  const rows = [...occ.rows].sort((a, b) => a.unit.start - b.unit.start);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const r of rows) {
    if (r.unit.start > at) parts.push(<span key={`t${at}`}>{text.slice(at, r.unit.start)}</span>);
    parts.push(
      <mark key={`u${r.unit.index}`} className={r.changed ? 'heat heat-changed' : 'heat'} style={{ background: heatColour(r.delta) }} title={`${points(r.delta)}${r.changed ? `; answer becomes ${quotedAnswer(r.answer)}` : ''}`}>
        {text.slice(r.unit.start, r.unit.end)}
      </mark>,
    );
    at = r.unit.end;
  }
  if (at < text.length) parts.push(<span key="end">{text.slice(at)}</span>);
  return (
    <div className="diff marked-passage heat-map" data-testid={testid} aria-hidden="true">
      {parts}
    </div>
  );
}

/** The units by effect, as a table a keyboard and a screen reader can go through. */
function UnitList({ occ, testid }: { occ: Occlusion; testid: string }) {
  const rows = byEffect(occ.rows);
  const cut = (s: string) => (s.length > 70 ? `${s.slice(0, 67)}…` : s);
  return (
    <div className="heat-list" role="region" aria-label={`${occ.kind === 'sentence' ? 'Sentences' : 'Words'} by effect`} tabIndex={0} data-testid={`${testid}-list`}>
      <table className="results-table">
        <caption className="visually-hidden">Each {occ.kind} removed in turn: change in the probability of the answer {quotedAnswer(occ.answer)} and the answer without it</caption>
        <thead>
          <tr>
            <th scope="col">{occ.kind}</th>
            <th scope="col">change</th>
            <th scope="col">answer without it</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r: OcclusionRow) => (
            <tr key={r.unit.index} data-testid={`${testid}-row`} className={r.changed ? 'heat-row-changed' : undefined}>
              <td>{cut(r.unit.text)}</td>
              <td className="num">{points(r.delta)}</td>
              <td>{r.changed ? <strong><AnswerText text={r.answer} /> (changed)</strong> : 'same'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One side: its answer, the heat map and the list. */
function Side({ title, occ, text, testid }: { title: string; occ: Occlusion; text: string; testid: string }) {
  return (
    <div className="explain-side" data-testid={testid}>
      <h4>{title}</h4>
      <div className="hint">
        answer <strong><AnswerText text={occ.answer} testid={`${testid}-answer`} /></strong> ({formatProb(occ.probability)})
      </div>
      <HeatMap occ={occ} text={text} testid={`${testid}-map`} />
      <UnitList occ={occ} testid={testid} />
    </div>
  );
}

function Legend() {
  return (
    <div className="heat-legend" data-testid="explain-legend">
      <span>
        <span className="swatch" style={{ background: heatColour(-0.8) }} /> removing it lowers the answer’s probability
      </span>
      <span>
        <span className="swatch" style={{ background: heatColour(0.8) }} /> removing it raises it
      </span>
      <span>
        <span className="swatch heat-changed" /> removing it changes the answer (outlined)
      </span>
      <span>darker = larger change</span>
    </div>
  );
}

export function ExplainPanel() {
  const open = useApp((s) => s.explainOpen);
  const { setExplainOpen } = useApp.getState();
  return (
    <section className="entity-panel" data-testid="explain-panel">
      <div className="panel-head">
        <h3>Explain: why this answer?</h3>
        <button type="button" className={open ? 'toggle-btn active' : 'toggle-btn'} aria-pressed={open} data-testid="explain-toggle" onClick={() => setExplainOpen(!open)}>
          {open ? 'Hide' : 'Explain the answer'}
        </button>
      </div>
      {open && <ExplainBody />}
      <FindFailure />
    </section>
  );
}

function ExplainBody() {
  const kind = useApp((s) => s.explainKind);
  const sentence = useApp((s) => s.explainSentence);
  const passage = useApp((s) => s.passage);
  const question = useApp((s) => s.question);
  const busy = useApp((s) => s.explainJob !== null);
  const reducing = useApp((s) => s.reduceJob !== null);
  const progress = useApp((s) => s.explainProgress);
  const ex = useApp((s) => s.explained);
  const error = useApp((s) => s.explainError);
  const modelId = useApp((s) => (s.modelStatus === 'ready' ? s.model?.id : null));
  const answered = useApp((s) => s.prediction?.text ?? null);
  const renamed = useApp((s) => (s.renameOpen ? (s.rename?.perturbed?.context ?? null) : null));
  const allowNull = useApp((s) => s.allowNull);
  const { setExplainUnits, runExplain, reduceExplained, cancelExplain } = useApp.getState();
  // Explained again when the text, the model, the decoding or the open renaming change; the store drops
  // an explanation of another question at once (live/live-key.ts). Only typing waits a little (one run
  // per pause, not per key): opening Explain, another model or a renaming run at once (issue 44).
  const typed = useRef<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!modelId) return;
    const text = JSON.stringify([passage, question]);
    const now = performance.now();
    if (typed.current && typed.current.text !== text) typed.current = { text, at: now };
    typed.current ??= { text, at: -Infinity };
    const t = setTimeout(() => runExplain(), Math.max(0, typed.current.at + TYPING_PAUSE_MS - now));
    return () => clearTimeout(t);
  }, [passage, question, modelId, allowNull, answered, renamed, runExplain]);
  // The question's input reduction once the maps are painted: its model calls (~4× the map's) would
  // otherwise take the cores the page needs to draw them (issue 44: a first Explain ≤ 300 ms).
  useEffect(() => {
    if (!ex?.reducing) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (t = setTimeout(reduceExplained, 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(t);
    };
  }, [ex, reduceExplained]);
  const sentences = useMemo(() => sentenceUnits(passage), [passage]);
  const stats = ex ? [ex.before.stats, ex.after?.stats, ex.reduction?.stats].reduce((a, s) => (s ? { run: a.run + s.computed, reused: a.reused + s.cached } : a), { run: 0, reused: 0 }) : null;
  return (
    <div className={busy ? 'rename busy' : 'rename'}>
      <div className="rename-controls">
        <label>
          remove{' '}
          <select data-testid="explain-units" value={kind === 'sentence' ? 'sentence' : String(sentence)} onChange={(e) => (e.target.value === 'sentence' ? setExplainUnits('sentence') : setExplainUnits('word', Number(e.target.value)))}>
            <option value="sentence">each sentence of the passage</option>
            {sentences.map((s, i) => (
              <option key={i} value={String(i)}>
                each word of sentence {i + 1}: {s.text.length > 40 ? `${s.text.slice(0, 37)}…` : s.text}
              </option>
            ))}
          </select>
        </label>
        {(busy || reducing) && (
          <button type="button" data-testid="explain-cancel" onClick={cancelExplain}>
            Cancel
          </button>
        )}
      </div>
      {busy && progress && (
        <div className="timing" data-testid="explain-progress">
          {progress.label} {progress.done} of {progress.total} <progress max={progress.total} value={progress.done} />
        </div>
      )}
      {reducing && (
        <div className="timing" data-testid="explain-progress">
          reducing the question <progress aria-label="input reduction of the question" />
        </div>
      )}
      {error && <div className="error">{error}</div>}
      {ex && (
        <>
          <p className="timing" data-testid="explain-timing">
            {ex.cancelled ? 'Cancelled, partial · ' : ''}
            {countOf(stats?.run ?? 0, 'window')} run, {stats?.reused ?? 0} reused from the cache · {formatMs(ex.ms)}
          </p>
          <Legend />
          <div className={ex.after ? 'side-by-side explain-sides' : undefined}>
            <Side title={ex.after ? 'Before' : 'Passage'} occ={ex.before} text={ex.passage} testid="explain-before" />
            {ex.after && <AfterSide />}
          </div>
          {ex.reduction && (
            <p className="explain-reduction" data-testid="explain-reduction">
              Input reduction (Feng et al. 2018): the shortest question that still gets the answer {ex.reduction.answer === '' ? <AnswerText text="" /> : quotedAnswer(ex.reduction.answer)} is <q data-testid="explain-reduced">{ex.reduction.reduced}</q> ({ex.reduction.before} → {ex.reduction.after} words; removed, least important first: {ex.reduction.steps.map((s) => s.removed).join(', ') || 'nothing'}).
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** The "after" side: the occlusion map of the perturbed passage (found breaking edit, or the open renaming). */
function AfterSide() {
  const ex = useApp((s) => s.explained);
  const found = useApp((s) => foundEditText(s)?.context ?? '');
  const rename = useApp((s) => s.rename);
  if (!ex?.after) return null;
  const text = ex.afterLabel === 'with the found breaking edit' ? found : (rename?.perturbed?.context ?? '');
  return <Side title={`After (${ex.afterLabel})`} occ={ex.after} text={text} testid="explain-after" />;
}

/** "Find a failure": the smallest breaking edit of the current (correct) answer within a call budget. */
function FindFailure() {
  const budget = useApp((s) => s.failureBudget);
  const busy = useApp((s) => s.failureJob !== null);
  const progress = useApp((s) => s.failureProgress);
  const f = useApp((s) => s.failure);
  const error = useApp((s) => s.failureError);
  const ready = useApp((s) => s.modelStatus === 'ready' && s.prediction !== null);
  // Whether the model's answer stands for the gold: typed text, or an edit that removed every gold answer.
  const free = useApp((s) => liveInstance(s).tags.includes('free-text'));
  const { setFailureBudget, findFailure, cancelExplain } = useApp.getState();
  const r = f?.result;
  return (
    <div className="find-failure">
      <div className="rename-controls">
        <label>
          <Term k="call budget" />{' '}
          <input type="number" className="seed" data-testid="failure-budget" min={MIN_FAILURE_BUDGET} max={MAX_FAILURE_BUDGET} value={budget} onChange={(e) => setFailureBudget(Number(e.target.value))} />
        </label>
        <button type="button" data-testid="find-failure" disabled={!ready || busy} onClick={findFailure}>
          Find a failure
        </button>
        {busy && (
          <button type="button" data-testid="failure-cancel" onClick={cancelExplain}>
            Cancel
          </button>
        )}
        {busy && progress && (
          <span className="timing" data-testid="failure-progress">
            {progress.done} of {progress.total} calls <progress max={progress.total} value={progress.done} />
          </span>
        )}
      </div>
      <p className="hint">
        Tries one renamed entity, one trap sentence (four positions), one paraphrase rule and one noise edit, then two and three edits together, until the answer is wrong (<Term k="C2W" /> under the <Term k="category rule" />: <Term k="F1" /> &lt; 0.4 by default, a partly right answer is no break) or the budget of model calls is spent.{free ? ' Here the model’s own answer stands for the gold answer: the text was typed, or an edit removed every gold answer.' : ''}
      </p>
      {error && <div className="error">{error}</div>}
      <ReplayedResult />
      {r && (
        <div className={r.outcome === 'broken' ? 'score score-wrong' : 'hint'} data-testid="failure-result" aria-live="polite">
          {r.outcome === 'broken' ? (
            <>
              Broken by <strong data-testid="failure-family">{r.edits.map((e) => FAMILY_LABELS[e.family]).join(' + ')}</strong>: {describeBreak(r)} · {formatMs(f.ms)}. Added to the failure gallery.
            </>
          ) : (
            <span data-testid="failure-none">{describeBreak(r)}</span>
          )}
        </div>
      )}
    </div>
  );
}

/** A link's found edit replayed on this question: the same break, or that this model is not broken by it (no search was run). */
function ReplayedResult() {
  const p = useApp((s) => s.replayedEdit);
  if (!p) return null;
  const labels = p.edits.map((e) => e.label).join(' + ');
  const families = p.edits.map((e) => FAMILY_LABELS[e.family]).join(' + ');
  if (p.error) return <div className="error" data-testid="failure-result">From the link: {p.error}</div>;
  if (!p.row) return <div className="hint" data-testid="failure-replaying">From the link: answering with the found edit ({labels})…</div>;
  const broken = p.row.category === 'C2W';
  return (
    <div className={broken ? 'score score-wrong' : 'hint'} data-testid="failure-result" aria-live="polite">
      From the link: {broken ? <>Broken by <strong data-testid="failure-family">{families}</strong>: </> : 'the found edit '}
      {labels} → {quotedAnswer(p.row.perturbed.text)} · {broken ? 'replayed on this model, not searched again.' : `not a break on this model (${p.row.category}: ${quotedAnswer(p.row.original.text)} before).`}
    </div>
  );
}
