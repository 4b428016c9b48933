/**
 * Live over-sensitivity: type a paraphrase of the open question, or generate one of a kind (seeded),
 * and see the answers to both side by side with a "prediction changed" flag.
 */
import { Term } from '../teach/Term.tsx';
import { KIND_LABELS, PARAPHRASE_KINDS, type GeneratedKind } from '../../core/sensitivity/kinds.ts';
import { datasetParaphrases } from '../../core/sensitivity/dataset-paraphrases.ts';
import type { Instance } from '../../core/data/types.ts';
import { useApp } from '../store/index.ts';
import { AnswerBox } from '../results/Compare.tsx';
import { SeedBlocked, useSeedField } from '../experiments/SeedInput.tsx';
import { useEffect, useRef } from 'react';
import { rewordedQuestion } from '../../core/results/reopen.ts';

/** The open question's own paraphrases (its paraphrases field and an aligned file's rewording, core's datasetParaphrases), memoised per instance so the store selector returns the same list while nothing changes. */
const ownOf = (() => {
  let last: { inst: Instance | null; list: string[] } = { inst: null, list: [] };
  return (inst: Instance | null): string[] => {
    if (inst !== last.inst) last = { inst, list: inst ? datasetParaphrases(inst).map((p) => p.question) : [] };
    return last.list;
  };
})();
const NONE: string[] = [];

export function ParaphraseLive() {
  const text = useApp((s) => s.liveParaphrase);
  const kind = useApp((s) => s.liveParaKind);
  const seed = useApp((s) => s.liveParaSeed);
  const row = useApp((s) => s.liveParaRow);
  const busy = useApp((s) => s.liveParaJob !== null);
  const note = useApp((s) => s.liveParaNote);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const seedField = useSeedField({ value: seed, testid: 'paraphrase-seed', onChange: (s) => useApp.getState().setLiveParaKind(useApp.getState().liveParaKind, s) });
  const hasGold = useApp((s) => !!s.instance && s.instance.question === s.question && s.instance.context === s.passage);
  const own = useApp((s) => (s.instance && s.instance.question === s.question ? ownOf(s.instance) : NONE));
  const { setLiveParaphrase, setLiveParaKind, generateLiveParaphrase, askLiveParaphrase } = useApp.getState();
  // A reopened paraphrase case is asked again here: the control opens to show both answers.
  const reopened = useApp((s) => (s.reopened ? rewordedQuestion(s.reopened) : null));
  const box = useRef<HTMLDetailsElement>(null);
  const busyOrRow = busy || row !== null;
  useEffect(() => {
    if (reopened !== null && busyOrRow && text === reopened && box.current) box.current.open = true;
  }, [reopened, busyOrRow, text]);
  return (
    <details className="paraphrase-live" data-testid="paraphrase-live" ref={box}>
      <summary>Paraphrase the question (over-sensitivity)</summary>
      <form
        className="row wrap"
        onSubmit={(e) => {
          e.preventDefault();
          askLiveParaphrase();
        }}
      >
        <label className="grow">
          <span className="field-label">paraphrase</span>
          <input type="text" className="paraphrase-input" value={text} data-testid="paraphrase-input" placeholder="Reword the question…" onChange={(e) => setLiveParaphrase(e.target.value)} />
        </label>
        <button type="submit" className="primary" data-testid="paraphrase-ask" disabled={!ready || busy || !text.trim()}>
          Ask both
        </button>
      </form>
      {own.length > 0 && (
        <div className="row wrap" data-testid="paraphrase-dataset">
          <span className="hint">the dataset's paraphrases:</span>
          {own.map((p) => (
            <button key={p} type="button" className="link" onClick={() => { setLiveParaphrase(p); askLiveParaphrase(); }}>
              {p}
            </button>
          ))}
        </div>
      )}
      <div className="row wrap">
        <label>
          kind{' '}
          <select value={kind} data-testid="paraphrase-kind" onChange={(e) => setLiveParaKind(e.target.value as GeneratedKind)}>
            {PARAPHRASE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          seed {seedField.input}
        </label>
        <button type="button" data-testid="paraphrase-generate" disabled={!ready || busy || seedField.error !== null} onClick={generateLiveParaphrase}>
          Generate
        </button>
        <button type="button" className="link" disabled={!ready || busy} onClick={() => { setLiveParaKind(kind, seed + 1); generateLiveParaphrase(); }}>
          Re-roll
        </button>
        <SeedBlocked error={seedField.error} testid="paraphrase-generate" />
      </div>
      {note && (
        <p className="hint" data-testid="paraphrase-note">
          {note}
        </p>
      )}
      {busy && <p className="hint">Answering both questions…</p>}
      {row && (
        <>
          <div className="side-by-side" data-testid="paraphrase-answers">
            <AnswerBox title="original question" text={row.original.text} score={hasGold ? row.original : null} testid="paraphrase-original" />
            <AnswerBox title={`paraphrase · ${KIND_LABELS[row.kind]}`} text={row.paraphrased.text} score={hasGold ? row.paraphrased : null} testid="paraphrase-paraphrased" />
          </div>
          <p data-testid="paraphrase-flag" className={row.differs ? 'flag-changed' : 'flag-same'}>
            {row.differs ? 'Prediction changed' : 'Same prediction'} · question similarity (<Term k="F1" /> of the two questions) {row.similarity.toFixed(2)}
          </p>
        </>
      )}
    </details>
  );
}
