/** Live entity renaming of what the live view shows: options, the renamed passage as a diff, and both answers side by side. */
import { firstUse, Term } from '../teach/Term.tsx';
import { useEffect } from 'react';
import type { LiveRename } from '../../core/entity/live.ts';
import type { AnswerEntityType } from '../../core/data/types.ts';
import { answerTagSource, TAG_SOURCE_LABELS } from '../../core/ner/file-answer-type.ts';
import { hubTypes, rowTag } from '../data/row-tag.ts';
import { ENTITY_CHOICES, type EntityChoice, type RenameOptions } from '../../core/entity/options.ts';
import { RenameSelects, TargetSelect } from './RenameSelects.tsx';
import { SeedInput } from '../experiments/SeedInput.tsx';
import { onRovingKey, rovingTabIndex } from '../shell/roving.ts';
import { useApp } from '../store/index.ts';
import { AnswerBox, CategoryLine, PassageDiff } from '../results/Compare.tsx';

const SKIP_REASONS: Record<NonNullable<LiveRename['skipped']>, string> = {
  unanswerable: 'The question is unanswerable: with no gold answer, a renaming has nothing to be scored against.',
  'no-entity': 'The answer is not a named entity (PER, ORG or GPE), so there is nothing to rename.',
  'other-type': 'The answer entity is of another type: choose its type or MIX.',
  'long-name': 'The person name has more than two words once a leading title (Dr, Mr, Prof, …) and a trailing Jr, PhD or regnal numeral are removed, so it is left alone, as in Yan et al. (2022).',
  'no-spans': 'The answer entity has no renamable part (ordinary words such as “Red Cross”, or a place that is not a country, state or city).',
  'no-person': 'The question names no person (of one or two words) who is also in the passage.',
  'answer-lost': 'Renaming would cut through a gold answer, so this question is left out.',
};

const SPAN_LABELS: Record<string, string> = { first: 'first name', last: 'last name', country: 'country', state: 'state', city: 'city', nnp: 'proper noun', rare: 'rare word' };

export function EntityPanel() {
  const open = useApp((s) => s.renameOpen);
  const instanceKey = useApp((s) => (s.instance ? `${s.instance.dataset}/${s.instance.id}` : ''));
  const passage = useApp((s) => s.passage);
  const question = useApp((s) => s.question);
  const predictionText = useApp((s) => s.prediction?.text ?? null);
  const modelId = useApp((s) => (s.modelStatus === 'ready' ? s.model?.id : null));
  const { setRenameOpen, runRename } = useApp.getState();

  // Re-rename when what the live view shows changes (after its own answer, for free text).
  useEffect(() => {
    if (!open || !modelId) return;
    const t = setTimeout(() => runRename(), 300);
    return () => clearTimeout(t);
  }, [open, instanceKey, passage, question, predictionText, modelId, runRename]);

  return (
    <section className="entity-panel" data-testid="entity-panel">
      <div className="panel-head">
        <h3>Entity renaming</h3>
        <button type="button" className={open ? 'toggle-btn active' : 'toggle-btn'} aria-pressed={open} data-testid="rename-toggle" onClick={() => setRenameOpen(!open)}>
          {open ? 'Hide' : 'Rename the answer entity'}
        </button>
      </div>
      {open && <RenameBody />}
    </section>
  );
}

function RenameBody() {
  const o = useApp((s) => s.renameOptions);
  const resemble = useApp((s) => s.renameResemble);
  const busy = useApp((s) => s.renameJob !== null || s.poolReq !== null);
  const r = useApp((s) => s.rename);
  const error = useApp((s) => s.renameError);
  const { setRenameOptions, reroll, setRenameResemble } = useApp.getState();
  const person = o.target === 'question-person';
  const note = useApp((s) => s.renameNote);
  return (
    <div className={busy ? 'rename busy' : 'rename'}>
      <div className="rename-controls">
        <TargetSelect value={o.target} onChange={(target) => setRenameOptions({ target })} testid="rename" />
        <div className="segmented" role="radiogroup" aria-label="Entity type" onKeyDown={(e) => onRovingKey(e)}>
          {/* Each choice explains itself on hover and focus: PER, ORG and GPE are the entity types, MIX is all three. */}
          {ENTITY_CHOICES.map((t, i) => (
            <Term key={t} k={t === 'MIX' ? 'mix' : 'entity-types'}>
              {(tip) => (
                <button type="button" role="radio" aria-checked={person ? t === 'PER' : o.type === t} aria-describedby={tip} tabIndex={rovingTabIndex(person ? t === 'PER' : o.type === t, i, true)} className={(person ? t === 'PER' : o.type === t) ? 'active' : ''} disabled={person && t !== 'PER'} data-testid={`rename-type-${t}`} onClick={() => setRenameOptions({ type: t as EntityChoice })}>
                  {t}
                </button>
              )}
            </Term>
          ))}
        </div>
        {note && (
          <p className="hint" role="status" data-testid="rename-type-note">
            {note}
          </p>
        )}
        <RenameSelects value={o} onChange={setRenameOptions} testid="rename" withType={false} withTarget={false} />
        <label>
          seed{' '}
          <SeedInput value={o.seed} testid="rename-seed" onChange={(seed) => setRenameOptions({ seed })} />
        </label>
        <button type="button" data-testid="rename-reroll" onClick={reroll} title="Next seed">
          ↻ Re-roll
        </button>
        <label className="toggle" title="Ensemble over 3 canonical names, temperature 2">
          <input type="checkbox" checked={resemble} data-testid="rename-resemble" onChange={(e) => setRenameResemble(e.target.checked)} /> <Term k="RESEMBLE" />
        </label>
      </div>
      {error && <div className="error">{error}</div>}
      {r && busy && !sameOptions(r.options, o) ? (
        <p className="hint updating" role="status" data-testid="rename-updating">
          <span className="spinner" aria-hidden="true" /> Updating for the new options…
        </p>
      ) : (
        r && <RenameResultView r={r} resemble={resemble} />
      )}
      {!r && !error && (
        <p className="hint updating" role="status">
          <span className="spinner" aria-hidden="true" /> Renaming…
        </p>
      )}
    </div>
  );
}

/** Whether a result was made with these options (else it is stale while the new one is computed). */
function sameOptions(a: RenameOptions, b: RenameOptions): boolean {
  return a.type === b.type && a.source === b.source && a.origin === b.origin && a.seed === b.seed && (a.target ?? 'answer') === (b.target ?? 'answer');
}

/** The rare ORG words DBName leaves as they are (App. B; §3.2). */
const keptRare = (r: LiveRename): string[] => (r.target?.spans ?? []).filter((x) => x.kind === 'rare').map((x) => x.text);

function RenameResultView({ r, resemble }: { r: LiveRename; resemble: boolean }) {
  // The stored question's type is corrected only while it is open as stored: an edited one is no stored question.
  const free = r.original.id === 'live';
  return (
    <div className="rename-result" data-testid="rename-result">
      <EntityChips r={r} />
      {!free && <TypeCorrection />}
      {r.skipped ? (
        <p className="note" data-testid="rename-skipped">
          {SKIP_REASONS[r.skipped]}
        </p>
      ) : (
        <>
          <div className="subs" data-testid="substitutions">
            {r.substitutions.map((s) => (
              <span key={s.from} className="sub">
                <span className="from">{s.from}</span> → <span className="to">{s.to}</span>
              </span>
            ))}
            {r.poolFallback && <span className="hint"> (the dataset had no name of this kind: DBName filled in)</span>}
            {r.options.source === 'db' && keptRare(r).length > 0 && (
              <span className="hint" data-testid="kept-rare">
                {' '}
                kept: {keptRare(r).join(', ')} (rare words: DBName has no list of them, so they stay and the question is still scored, as in Yan et al. 2022 §3.2)
              </span>
            )}
          </div>
          {r.perturbed && <PassageDiff a={r.original.context} b={r.perturbed.context} />}
          {r.perturbed && r.perturbed.question !== r.original.question && (
            <p className="hint" data-testid="renamed-question">
              Question: {r.perturbed.question}
            </p>
          )}
          <div className="side-by-side">
            <AnswerBox title="Original" text={r.originalPrediction?.text} prob={r.originalPrediction?.nbest[0]?.probability} score={r.originalScore} testid="rename-original" />
            <AnswerBox title="Renamed" text={r.perturbedPrediction?.text} prob={r.perturbedPrediction?.nbest[0]?.probability} score={r.perturbedScore} testid="rename-perturbed" />
            {resemble && r.defended && <AnswerBox title="Renamed + RESEMBLE" text={r.defended.text} score={r.defended.score} testid="rename-defended" />}
          </div>
          {r.category && (
            <CategoryLine category={r.category} testid="rename-category">
              {free && <span className="hint"> · free text: compared with the model’s own answer, not a gold one</span>}
            </CategoryLine>
          )}
        </>
      )}
    </div>
  );
}


const TYPE_LABELS: Record<AnswerEntityType, string> = { PER: 'PER — person', ORG: 'ORG — organization', GPE: 'GPE — country, state or city', other: 'not a name (landmark, work, …)' };

/** The open question's answer entity type, which the user can correct; the correction is saved with the dataset and renaming follows it. */
function TypeCorrection() {
  const inst = useApp((s) => s.instance);
  const hub = useApp(hubTypes);
  if (!inst) return null;
  // The same tag and source as the question's row in the list (row-tag.ts).
  const tag = rowTag({ dataset: inst.dataset, id: inst.id, answerType: inst.answerType ?? null, tagSource: inst.isImpossible ? null : answerTagSource(inst) }, hub);
  const type = tag?.type ?? 'other';
  const corrected = tag?.source === 'corrected';
  return (
    <div className="type-correction" data-testid="type-correction">
      <label>
        Answer entity type{' '}
        <select value={type} data-testid="answer-type" onChange={(e) => useApp.getState().setAnswerType(e.target.value as AnswerEntityType)}>
          {(Object.keys(TYPE_LABELS) as AnswerEntityType[]).map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>{' '}
      {corrected ? (
        <>
          <span className="hint" data-testid="answer-type-corrected">
            corrected — saved with the dataset and in its exports
          </span>{' '}
          <button type="button" data-testid="answer-type-reset" onClick={() => useApp.getState().setAnswerType(null)}>
            Use the automatic type
          </button>
        </>
      ) : (
        <span className="hint" data-testid="answer-type-source">
          {tag ? `from the ${TAG_SOURCE_LABELS[tag.source]}` : 'unanswerable'}; wrong? pick the right type
        </span>
      )}
    </div>
  );
}

function EntityChips({ r }: { r: LiveRename }) {
  if (r.entities.length === 0) return <p className="hint">No named entities found in the passage.</p>;
  const target = r.target?.entity;
  const term = firstUse();
  return (
    <div className="entities" data-testid="entities" role="group" aria-label="Named entities in the passage">
      {r.entities.map(({ entity, spans }) => {
        const isTarget = target && entity.start <= target.start && entity.end >= target.end;
        return (
          <span key={`${entity.start}`} className={`entity ent-${entity.type}${isTarget ? ' target' : ''}`} title={`${entity.type}, tagger confidence ${entity.confidence}`}>
            <span className="tag-type">{term(entity.type)}</span> {entity.text}
            {spans.map((s) => (
              <span key={s.text} className="span-kind">
                {s.text}: {SPAN_LABELS[s.kind]}
                {s.gender && s.kind === 'first' ? `, ${s.gender}` : ''}
              </span>
            ))}
          </span>
        );
      })}
    </div>
  );
}


