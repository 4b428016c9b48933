/**
 * Entity renaming settings shared by the sweep, budget and universal-names cards: which tagger
 * finds the answer entities — the built-in one (compromise), or a Hub token-classification model
 * loaded into the inference worker (it downloads from the Hub, so online only). Load errors show
 * beside the control; a chosen model that is not loaded holds the three Run buttons (TaggerBlocked).
 */
import { Term, TermText } from '../teach/Term.tsx';
import { useApp } from '../store/index.ts';
import { taggerBlock } from '../store/tagger-slice.ts';
import { coverageText } from '../../core/ner/coverage.ts';
import { useEffect } from 'react';
import { EXPERIMENT_LIMIT } from '../store/experiment-slice.ts';

export function TaggerSettings() {
  const t = useApp((s) => s.tagger);
  const { setTaggerKind, setTaggerId, loadTagger } = useApp.getState();
  return (
    <section className="card" data-testid="tagger-card" aria-labelledby="tagger-title">
      <h3 id="tagger-title">Entity renaming settings</h3>
      <fieldset className="row wrap">
        <legend>
          <Term k="entity tagger">Entity tagger</Term> (sweep, budget, <Term k="universal names" />)
        </legend>
        <label>
          <input type="radio" name="tagger-kind" checked={t.kind === 'builtin'} data-testid="tagger-builtin" onChange={() => setTaggerKind('builtin')} /> built-in (compromise)
        </label>
        <label>
          <input type="radio" name="tagger-kind" checked={t.kind === 'hub'} data-testid="tagger-hub" onChange={() => setTaggerKind('hub')} /> Hub NER model
        </label>
        {t.kind === 'hub' && (
          <>
            <input type="text" aria-label="Hub NER model id" value={t.id} spellCheck={false} data-testid="tagger-id" aria-invalid={t.status === 'error'} aria-describedby={t.error ? 'tagger-error' : undefined} onChange={(e) => setTaggerId(e.target.value)} />
            <button type="button" data-testid="tagger-load" disabled={t.status === 'loading'} onClick={() => loadTagger()}>
              {t.status === 'loading' ? 'Loading…' : t.loaded === t.id.trim() ? 'Reload' : 'Load'}
            </button>
          </>
        )}
      </fieldset>
      {t.kind === 'hub' && (
        <p className="hint">
          A token-classification model (CoNLL labels, e.g. Xenova/bert-base-NER) is downloaded from the Hub, so it needs a connection (online only). It tags every English passage its file did not annotate; a file&apos;s own entity spans still come first, and InDistName&apos;s name pool stays the dataset&apos;s (built-in tagger), as in <code>qarx --tagger</code>.
        </p>
      )}
      {t.kind === 'hub' && t.status === 'ready' && t.loaded && (
        <p className="success" data-testid="tagger-status">
          Loaded {t.loaded} ({t.labels.filter((l) => l !== 'O').length} entity labels): the renaming runs use it.
        </p>
      )}
      <ScopeCoverage />
      {t.coverage && (
        <p className="hint" data-testid="tagger-coverage">
          Coverage, last {t.coverage.run === 'universal' ? 'universal names' : t.coverage.run} run: <TermText text={coverageText(t.coverage.coverage)} /> · tagger {t.coverage.tagger ?? 'built-in (compromise)'} (as <code>qarx {t.coverage.run}</code> prints it).
        </p>
      )}
      {t.kind === 'hub' && t.error && (
        <p className="error" role="alert" id="tagger-error" data-testid="tagger-error">
          {t.error}
        </p>
      )}
    </section>
  );
}

/** Beside a renaming card's Run button when the chosen tagger is not ready: why it is off. */
export function TaggerBlocked({ testid }: { testid: string }) {
  const why = useApp(taggerBlock);
  if (!why) return null;
  return (
    <span className="field-error" data-testid={`${testid}-tagger-blocked`}>
      Not run: {why}.
    </span>
  );
}

/**
 * The coverage line before a run (issue 42.3): of the scope a renaming run would take, the questions
 * with a renamable answer entity per type, every other one under its one left-out reason (they add
 * up to the scope), and where the tags come from. Recounted whenever the scope or the list changes.
 */
function ScopeCoverage() {
  const rows = useApp((s) => s.rows);
  // A new scope request (a change of dataset, filter or search) means a new coverage count, once.
  const scopeReq = useApp((s) => s.scopeReq);
  const c = useApp((s) => s.scopeCoverage.coverage);
  const hub = useApp((s) => s.tagger.kind === 'hub');
  useEffect(() => useApp.getState().refreshCoverage(EXPERIMENT_LIMIT), [rows, scopeReq]);
  return (
    <p className="hint" data-testid="tagger-coverage-before" aria-live="polite">
      Before a run{hub ? ' (built-in tagger and the files’ own tags; the Hub model’s count comes with its run)' : ''}:{' '}
      {c ? <TermText text={coverageText(c)} /> : 'counting…'}
    </p>
  );
}
