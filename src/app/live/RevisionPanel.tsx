/**
 * Natural edits in the live view: the open instance's revision pair from its dataset, and edits
 * found in the live Wikipedia history of its article. Each shows the edit as a diff with the
 * answer sentence shaded, and the answers on both passages with their category.
 */
import { Term, TermText } from '../teach/Term.tsx';
import { useEffect } from 'react';
import type { Instance } from '../../core/data/types.ts';
import { isRevisionPair } from '../../core/formats/pair-kind.ts';
import type { PairRow } from '../../core/natural/pairs.ts';
import { sentenceAt } from '../../core/text/sentences.ts';
import { EDIT_INTENTS, wuIntent } from '../../core/natural/intents.ts';
import { describeNoise, NOISE_KINDS, NOISE_LABELS, type NoiseKind } from '../../core/natural/noise-kinds.ts';
import { useApp } from '../store/index.ts';
import { AnswerBox, CategoryLine, PassageDiff } from '../results/Compare.tsx';
import { countOf } from '../../core/text/plural.ts';

export function RevisionPanel() {
  const inst = useApp((s) => s.instance);
  const pair = useApp((s) => s.pair);
  // Noise asked for on a question without a revision (a synthetic-noise case opened from a result): shown on its own.
  const noiseAsked = useApp((s) => s.noiseJob !== null || (s.noisePair !== null && (s.noisePair.instance === null || s.noisePair.instance.id === (s.instance?.id ?? s.noisePair.instance.id))));
  const busy = useApp((s) => s.pairJob !== null);
  const intentSaved = useApp((s) => s.intentSaved);
  const modelId = useApp((s) => (s.modelStatus === 'ready' ? s.model?.id : null));
  const allowNull = useApp((s) => s.allowNull);
  const { runPair } = useApp.getState();
  const key = inst ? `${inst.dataset}/${inst.id}` : '';

  useEffect(() => {
    if (modelId && key) runPair();
  }, [key, modelId, allowNull, runPair]);

  // A question paraphrased on the same passage is no revision: the paraphrase panel offers it.
  if (!inst?.revision || !isRevisionPair(inst))
    return noiseAsked ? (
      <section className="entity-panel" data-testid="noise-panel">
        <div className="panel-head">
          <h3>Synthetic noise in this passage</h3>
        </div>
        <NoiseBeside />
      </section>
    ) : null;
  const intent = inst.revision.intent;
  return (
    <section className={`entity-panel${busy ? ' busy' : ''}`} data-testid="revision-panel">
      <div className="panel-head">
        <h3>
          <TermText text="Revision pair: the next revision of this passage" />
        </h3>
        <label className="hint">
          edit intention{' '}
          <Term k="edit intention">
            {(tip) => (
              <select aria-label="Edit intention" aria-describedby={tip} data-testid="revision-intent" value={intent ? wuIntent(intent) : ''} onChange={(e) => useApp.getState().setIntent(e.target.value)}>
                <option value="">untagged</option>
                {intent && !(EDIT_INTENTS as readonly string[]).includes(wuIntent(intent)) && <option value={intent}>{intent}</option>}
                {EDIT_INTENTS.map((i) => (
                  <option key={i} value={i}>
                    {i}
                  </option>
                ))}
              </select>
            )}
          </Term>
        </label>
        {intentSaved && inst.revision.intent && intentSaved === `${inst.dataset}\u0000${inst.id}\u0000${inst.revision.intent}` && (
          <span className="hint" role="status" data-testid="revision-intent-saved">
            saved
          </span>
        )}
      </div>
      <PairResult inst={inst} row={pair && pair.id === inst.id ? pair : null} testid="revision" />
      <NoiseBeside />
    </section>
  );
}

/** The same question with synthetic noise in its passage, beside the natural edit. */
function NoiseBeside() {
  const noise = useApp((s) => s.noiseOptions);
  const result = useApp((s) => s.noisePair);
  const busy = useApp((s) => s.noiseJob !== null);
  const { setNoiseOptions, runNoisePair } = useApp.getState();
  return (
    <div className="noise-beside" data-testid="noise-beside">
      <div className="row wrap">
        <span>
          beside <Term k="synthetic noise" />:
        </span>
        <select aria-label="Noise kind" value={noise.kind} onChange={(e) => setNoiseOptions({ kind: e.target.value as NoiseKind })}>
          {NOISE_KINDS.map((k) => (
            <option key={k} value={k}>
              {NOISE_LABELS[k]}
            </option>
          ))}
        </select>
        <span title={describeNoise(noise.kind, noise.rate)}>
          at {Math.round(noise.rate * 100)}%, seed {noise.seed}
        </span>
        <button type="button" data-testid="noise-run" disabled={busy} onClick={runNoisePair}>
          {busy ? 'Adding noise…' : 'Add noise'}
        </button>
      </div>
      {result && !result.instance && <p className="note">This passage has nothing outside the answers to change.</p>}
      {result?.instance && <PairResult inst={result.instance} row={result.row} testid="noise" />}
    </div>
  );
}

/** A pair's diff (answer sentence shaded), whether the edit touched it, both answers and the category. */
function PairResult({ inst, row, testid }: { inst: Instance; row: PairRow | null; testid: string }) {
  if (!inst.revision) return null;
  const gold = inst.answers[0];
  const mark = gold ? sentenceAt(inst.context, gold.start) : undefined;
  return (
    <>
      <PassageDiff a={inst.context} b={inst.revision.context} testid={`${testid}-diff`} mark={mark} />
      {inst.revision.question !== undefined && (
        <p className="hint" data-testid={`${testid}-question`}>
          The edited side asks its own wording: “{inst.revision.question}” (the original asks “{inst.question}”).
        </p>
      )}
      {row ? (
        <>
          <p className="hint" data-testid={`${testid}-touch`}>
            {row.touchesAnswer === null ? 'Unanswerable: no answer sentence (left out of the unmodified share).' : row.touchesAnswer ? 'The edit changed a sentence holding a gold answer at its offset: it is not, word for word, a sentence of the edited passage (the first answer’s is shaded).' : 'The edit left every sentence holding a gold answer at its offset as it was: each is, word for word, a sentence of the edited passage (the first answer’s is shaded).'}
          </p>
          <div className="side-by-side">
            <AnswerBox title="Original passage" text={row.original.text} score={row.original} testid={`${testid}-original`} />
            <AnswerBox title="Edited passage" text={row.perturbed.text} score={row.perturbed} testid={`${testid}-perturbed`} />
          </div>
          <CategoryLine category={row.category} testid={`${testid}-category`} />
        </>
      ) : (
        <p className="hint">Answering both passages…</p>
      )}
    </>
  );
}

const when = (iso: string) => iso.replace('T', ' ').replace(/:\d\dZ$/, ' UTC');

/** Edits of this passage's paragraph in the article's Wikipedia history; pick one to apply. */
export function WikiPanel() {
  const title = useApp((s) => s.wikiTitle);
  const busy = useApp((s) => s.wikiReq !== null);
  const progress = useApp((s) => s.wikiProgress);
  const edits = useApp((s) => s.wikiEdits);
  const error = useApp((s) => s.wikiError);
  const skipped = useApp((s) => s.wikiSkipped);
  const applied = useApp((s) => s.wikiApplied);
  const row = useApp((s) => s.wikiPair);
  const api = useApp((s) => s.wikiApi);
  const { setWikiTitle, findWikiEdits, applyWikiEdit } = useApp.getState();
  return (
    <section className="entity-panel" data-testid="wiki-panel">
      <div className="panel-head">
        <h3>Wikipedia history</h3>
        <span className="hint">{new URL(api).host}</span>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          findWikiEdits();
        }}
      >
        <input aria-label="Wikipedia article title" data-testid="wiki-title" placeholder="Article title, e.g. Telephone" value={title} onChange={(e) => setWikiTitle(e.target.value)} />
        <button type="submit" data-testid="wiki-find" disabled={busy || !title.trim()}>
          {busy ? 'Reading history…' : 'Find edits'}
        </button>
      </form>
      {busy && progress && (
        <p className="hint" data-testid="wiki-progress">
          {progress.parsing ? `Parsing revision ${progress.parsing} of ${progress.revisions}…` : `${countOf(progress.revisions, 'revision')} read…`}
        </p>
      )}
      {error && (
        <p className="error" data-testid="wiki-error">
          {error}
        </p>
      )}
      {skipped && (
        <p className="note" role="status" data-testid="wiki-skipped">
          {skipped}
        </p>
      )}
      {edits && (
        <>
          <p className="hint" data-testid="wiki-summary">
            {edits.length === 0
              ? `No edit of this passage's paragraph (both versions over 500 characters) in the ${progress?.revisions ?? 0} newest revisions.`
              : `${edits.length} edit${edits.length === 1 ? '' : 's'} of this passage's paragraph in the ${progress?.revisions ?? 0} newest revisions:`}
          </p>
          <ul className="wiki-edits" data-testid="wiki-edits">
            {edits.map((e) => {
              const usable = e.answersBefore.length > 0 && e.answersAfter.length > 0;
              return (
                <li key={e.toRev} className={applied?.id.endsWith(`@${e.toRev}`) ? 'active' : ''}>
                  <span className="wiki-when">{when(e.timestamp)}</span> <strong>{e.user}</strong> <span className="wiki-comment">{e.comment || '(no summary)'}</span>{' '}
                  <span className={e.sizeChange >= 0 ? 'size-up' : 'size-down'}>
                    ({e.sizeChange >= 0 ? '+' : ''}
                    {e.sizeChange})
                  </span>
                  {usable ? (
                    <button type="button" className="link" data-testid="wiki-apply" onClick={() => applyWikiEdit(e)}>
                      Apply
                    </button>
                  ) : (
                    <span className="hint"> answer not in both versions</span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {applied && <PairResult inst={applied} row={row} testid="wiki" />}
    </section>
  );
}
