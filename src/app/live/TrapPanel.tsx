/**
 * Over-stability in the live view: insert a trap sentence (generated AddSent-like, or typed) at a
 * chosen place and see the answer on the passage and on the trapped passage, the trap
 * highlighted; and an Adversarial SQuAD variant beside its original with the inserted sentence
 * highlighted. Passages render as text nodes and <mark>s, never HTML.
 */
import { Term } from '../teach/Term.tsx';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Instance } from '../../core/data/types.ts';
import { adversarialPair } from '../../core/trap/pair.ts';
import type { TrapRow } from '../../core/trap/summary.ts';
import { POSITION_LABELS, TRAP_POSITIONS, type TrapPosition } from '../../core/trap/insert.ts';
import { segments, type Mark } from './highlight.ts';
import { useApp } from '../store/index.ts';
import { AnswerBox, CategoryLine } from '../results/Compare.tsx';
import { pairCategory } from '../../core/natural/categories.ts';
import { SeedInput } from '../experiments/SeedInput.tsx';
import { guessLang } from '../../core/formats/common.ts';
import { onRovingKey, rovingTabIndex } from '../shell/roving.ts';

/** A read-only passage with marks: the trap ('trap'), a predicted answer ('answer'), gold answers ('gold'). */
export function MarkedPassage({ text, marks, testid }: { text: string; marks: Mark[]; testid: string }) {
  const box = useRef<HTMLDivElement>(null);
  const trapAt = marks.find((m) => m.kind === 'trap')?.start ?? -1;
  // The inserted sentence is the point of the view: scroll the box (never the page) so it is in sight.
  useLayoutEffect(() => {
    const el = box.current;
    const mark = el?.querySelector<HTMLElement>('mark.hl-trap');
    if (!el || !mark) return;
    const top = mark.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
    if (top < el.scrollTop || top + mark.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - 24);
  }, [text, trapAt]);
  return (
    // A Tab stop: the box scrolls when the passage is long, and a keyboard must be able to scroll it.
    <div className="diff marked-passage" data-testid={testid} ref={box} tabIndex={0} role="region" aria-label="Passage with the inserted sentence marked">
      {segments(text, marks).map((s, i) =>
        s.kinds.length ? (
          <mark key={i} className={`hl hl-${s.kinds.join(' hl-')}`} data-testid={s.kinds.includes('trap') ? `${testid}-trap` : undefined}>
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </div>
  );
}

/** Where a trap goes, as a labelled select, e.g. <PositionSelect value="after" testid="trap-position" onChange={…} />. */
export function PositionSelect({ value, testid, disabled, onChange }: { value: TrapPosition; testid: string; disabled?: boolean; onChange: (p: TrapPosition) => void }) {
  return (
    <label>
      position{' '}
      <select value={value} data-testid={testid} disabled={disabled} onChange={(e) => onChange(e.target.value as TrapPosition)}>
        {TRAP_POSITIONS.map((p) => (
          <option key={p} value={p}>
            {POSITION_LABELS[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The marks of one side: its gold answers, its predicted span, and on the trapped side the trap sentence. */
function sideMarks(span: { start: number; end: number } | null, trap: { start: number; end: number } | null, golds: readonly { text: string; start: number }[] = []): Mark[] {
  const marks: Mark[] = golds.filter((g) => g.text).map((g) => ({ start: g.start, end: g.start + g.text.length, kind: 'gold' }));
  if (trap) marks.push({ ...trap, kind: 'trap' });
  if (span) marks.push({ ...span, kind: 'answer' });
  return marks;
}

/** Both answers, the similarity and whether the trapped answer is inside the trap. */
function TrapResult({ row, testid, labels, what = 'trap sentence', lang = 'en' }: { row: TrapRow; testid: string; labels: [string, string]; what?: string; lang?: Instance['lang'] }) {
  return (
    <>
      <div className="side-by-side">
        <AnswerBox title={labels[0]} text={row.original.text} score={row.original} testid={`${testid}-original`} />
        <AnswerBox title={labels[1]} text={row.trapped.text} score={row.trapped} testid={`${testid}-trapped`} />
      </div>
      <TrapCategory row={row} testid={testid} />
      <p className={row.trapped.hit ? 'score score-wrong' : 'hint'} data-testid={`${testid}-hit`}>
        {row.trapped.hit ? `The answer landed inside the ${what}.` : `The answer stayed outside the ${what}.`} Similarity of question and {what} (<Term k="F1">{lang === 'zh' ? 'character F1' : 'token F1'}</Term>): {(row.similarity * 100).toFixed(1)}%.
      </p>
    </>
  );
}

/** The trap pair's category under the user's rule, as every other panel shows it. */
function TrapCategory({ row, testid }: { row: TrapRow; testid: string }) {
  const rule = useApp((s) => s.categoryRule);
  return <CategoryLine category={pairCategory(row.original, row.trapped, rule)} testid={`${testid}-category`} />;
}

const KIND_LABELS = { generated: 'generated from the question', typed: 'my sentence', dataset: "the dataset's trap" } as const;

export function TrapPanel() {
  const open = useApp((s) => s.trapOpen);
  const { setTrapOpen } = useApp.getState();
  return (
    <section className="entity-panel" data-testid="trap-panel">
      <div className="panel-head">
        <h3>
          <Term k="trap sentence">Trap sentence</Term> (<Term k="over-stability" />)
        </h3>
        <button type="button" className={open ? 'toggle-btn active' : 'toggle-btn'} aria-pressed={open} data-testid="trap-toggle" onClick={() => setTrapOpen(!open)}>
          {open ? 'Hide' : 'Insert a trap sentence'}
        </button>
      </div>
      {open && <TrapBody />}
    </section>
  );
}

function TrapBody() {
  const c = useApp((s) => s.liveTrapConfig);
  const busy = useApp((s) => s.liveTrapJob !== null);
  const result = useApp((s) => s.liveTrap);
  const passage = useApp((s) => s.passage);
  const question = useApp((s) => s.question);
  const modelId = useApp((s) => (s.modelStatus === 'ready' ? s.model?.id : null));
  const answered = useApp((s) => s.prediction?.text ?? null);
  const hasOwn = useApp((s) => s.instance?.trap !== undefined && s.passage === s.instance.context);
  const lang = useApp((s) => s.instance?.lang ?? guessLang(s.passage));
  const { setLiveTrapConfig, runLiveTrap } = useApp.getState();
  // A new trap whenever the settings or what the live view shows change (typing waits a little).
  useEffect(() => {
    if (!modelId) return;
    const t = setTimeout(() => runLiveTrap(), c.kind === 'typed' ? 400 : 250);
    return () => clearTimeout(t);
  }, [c, passage, question, modelId, answered, runLiveTrap]);
  const row = result?.row ?? null;
  const variant = result?.variant ?? null;
  return (
    <div className={busy ? 'rename busy' : 'rename'}>
      <div className="rename-controls">
        <div className="segmented trap-kinds" role="radiogroup" aria-label="Trap sentence source" onKeyDown={(e) => onRovingKey(e)}>
          {(hasOwn ? (['generated', 'typed', 'dataset'] as const) : (['generated', 'typed'] as const)).map((k, i) => (
            <button key={k} type="button" role="radio" className={c.kind === k ? 'active' : ''} aria-checked={c.kind === k} tabIndex={rovingTabIndex(c.kind === k, i, true)} data-testid={`trap-kind-${k}`} onClick={() => setLiveTrapConfig({ kind: k })}>
              {KIND_LABELS[k]}
            </button>
          ))}
        </div>
        <PositionSelect value={c.position} testid="trap-position" disabled={c.kind === 'dataset' && hasOwn} onChange={(position) => setLiveTrapConfig({ position })} />
        {c.kind === 'dataset' && hasOwn ? null : c.kind !== 'typed' ? (
          <label>
            seed <SeedInput value={c.seed} testid="trap-seed" onChange={(seed) => setLiveTrapConfig({ seed })} />
          </label>
        ) : (
          <label className="grow">
            sentence <input className="trap-sentence" data-testid="trap-sentence" value={c.sentence} placeholder="A distractor that shares words with the question…" onChange={(e) => setLiveTrapConfig({ sentence: e.target.value })} />
          </label>
        )}
      </div>
      {result?.reason && result.reason !== 'cancelled' && (
        <p className="note" data-testid="trap-reason">
          {result.reason}
        </p>
      )}
      {row && variant && (
        <>
          <MarkedPassage text={variant.context} marks={sideMarks(row.trapped.span, variant.trap, variant.answers)} testid="trap-passage" />
          <TrapResult row={row} testid="trap" labels={['Original passage', 'With the trap']} lang={lang} />
        </>
      )}
      {!row && !result?.reason && <p className="hint">Answering with the trap…</p>}
    </div>
  );
}

/** The variant's gold answers placed in its original passage. */
function adversarialGolds(inst: Instance): { text: string; start: number }[] {
  return adversarialPair(inst)?.original.answers ?? [];
}

/** An Adversarial SQuAD variant beside its original passage, the inserted sentence highlighted, with both answers. */
export function AdversarialPanel() {
  const inst = useApp((s) => s.instance);
  const live = useApp((s) => s.adversarialLive);
  const modelId = useApp((s) => (s.modelStatus === 'ready' ? s.model?.id : null));
  const allowNull = useApp((s) => s.allowNull);
  const { runAdversarialLive } = useApp.getState();
  const key = inst ? `${inst.dataset}/${inst.id}` : '';
  useEffect(() => {
    if (modelId && key) runAdversarialLive();
  }, [key, modelId, allowNull, runAdversarialLive]);
  const link = inst?.adversarial;
  if (!inst || !link) return null;
  const row = live?.row ?? null;
  return (
    <section className="entity-panel" data-testid="adversarial-panel">
      <div className="panel-head">
        <h3>
          Adversarial SQuAD variant <span className="catalog-id">{link.suffix}</span> of <span className="catalog-id">{link.originalId}</span>
        </h3>
      </div>
      {!link.originalContext || !link.inserted ? (
        <p className="note" data-testid="adversarial-no-original">
          The file does not hold the original question {link.originalId}, so the inserted sentence cannot be told apart.
        </p>
      ) : (
        <>
          <div className="side-by-side passages">
            <div>
              <div className="field-label">Original passage</div>
              <MarkedPassage text={link.originalContext} marks={sideMarks(row?.original.span ?? null, null, adversarialGolds(inst))} testid="adversarial-original-passage" />
            </div>
            <div>
              <div className="field-label">Variant (inserted sentence highlighted)</div>
              <MarkedPassage text={inst.context} marks={sideMarks(row?.trapped.span ?? null, link.inserted, inst.answers)} testid="adversarial-variant-passage" />
            </div>
          </div>
          {row ? <TrapResult row={row} testid="adversarial" labels={['Original passage', 'Adversarial variant']} what="inserted sentence" /> : <p className="hint">{live?.reason ?? 'Answering both passages…'}</p>}
        </>
      )}
    </section>
  );
}
