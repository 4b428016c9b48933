/** The open instance's revision pair: the real edit as a diff, the answer sentence marked, and the answers on both passages. */
import { useEffect } from 'react';
import { sentenceAt } from '../../core/natural/pairs.ts';
import { useApp } from '../store/index.ts';
import { AnswerBox, CATEGORY_TEXT, PassageDiff } from './Compare.tsx';

export function RevisionPanel() {
  const inst = useApp((s) => s.instance);
  const pair = useApp((s) => s.pair);
  const busy = useApp((s) => s.pairJob !== null);
  const modelId = useApp((s) => (s.modelStatus === 'ready' ? s.model?.id : null));
  const allowNull = useApp((s) => s.allowNull);
  const { runPair } = useApp.getState();
  const key = inst ? `${inst.dataset}/${inst.id}` : '';

  useEffect(() => {
    if (modelId && key) runPair();
  }, [key, modelId, allowNull, runPair]);

  if (!inst?.revision) return null;
  const gold = inst.answers[0];
  const mark = gold ? sentenceAt(inst.context, gold.start) : undefined;
  const row = pair && pair.id === inst.id ? pair : null;
  return (
    <section className={`entity-panel${busy ? ' busy' : ''}`} data-testid="revision-panel">
      <div className="panel-head">
        <h3>Revision pair: the next revision of this passage</h3>
        {inst.revision.intent && (
          <span className="tag" data-testid="revision-intent">
            {inst.revision.intent}
          </span>
        )}
      </div>
      <PassageDiff a={inst.context} b={inst.revision.context} testid="revision-diff" mark={mark} />
      {row && (
        <>
          <p className="hint" data-testid="revision-touch">
            {row.touchesAnswer ? 'The edit changed the sentence with the answer (shaded).' : 'The edit left the sentence with the answer (shaded) as it was.'}
          </p>
          <div className="side-by-side">
            <AnswerBox title="Original passage" text={row.original.text} score={row.original} testid="revision-original" />
            <AnswerBox title="Edited passage" text={row.perturbed.text} score={row.perturbed} testid="revision-perturbed" />
          </div>
          <div className="category-line">
            <span className={`cat cat-${row.category}`} data-testid="revision-category">
              {row.category}
            </span>{' '}
            <span className="hint">{CATEGORY_TEXT[row.category]}</span>
          </div>
        </>
      )}
      {!row && <p className="hint">Answering both passages…</p>}
    </section>
  );
}
