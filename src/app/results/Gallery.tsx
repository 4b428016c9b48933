/** The failure gallery: every C2W case collected, grouped by perturbation and model, with the diff and both answers; open live, star, export. */
import { Term, TermText } from '../teach/Term.tsx';
import { useState } from 'react';
import { casesToCsv, casesToJson, groupCases, seedNote, type FailureCase } from '../../core/results/gallery.ts';
import { downloadText } from '../shell/download.ts';
import { reopenCase } from './reopen-case.ts';
import { caseRunLabel, rewordedQuestion } from '../../core/results/reopen.ts';
import { useApp } from '../store/index.ts';
import { datasetLabel } from '../shell/format.ts';
import { PassageDiff } from './Compare.tsx';
import { NeuralOffer } from '../models/NeuralOffer.tsx';
import { AnswerText } from '../shell/AnswerText.tsx';
import { caseRunKey } from '../../core/results/case-run.ts';

export function Gallery() {
  const open = useApp((s) => s.galleryOpen);
  const failures = useApp((s) => s.failures);
  const error = useApp((s) => s.galleryError);
  const [starredOnly, setStarredOnly] = useState(false);
  if (!open) return null;
  const shown = starredOnly ? failures.filter((c) => c.starred) : failures;
  const stamp = new Date().toISOString().slice(0, 10);
  return (
    <section className="gallery panel" data-testid="gallery" aria-labelledby="gallery-title">
      <div className="panel-head">
        <h2 id="gallery-title">
          Failure gallery: answers a perturbation broke (<Term k="C2W" />)
        </h2>
        <button type="button" className="small" onClick={() => useApp.getState().setGalleryOpen(false)}>
          Close the gallery
        </button>
      </div>
      <p className="hint">
        <TermText text="Every question that was answered correctly on its passage and wrongly on the perturbed one, from every experiment (revision pairs, synthetic noise, traps, entity sweeps, worst/best renamings, universal names, paraphrases — at most 40 per run) and from live renamings and pairs, kept in this browser." />
      </p>
      <NeuralOffer testid="gallery-neural" />
      <div className="gallery-tools">
        <label className="toggle">
          <input type="checkbox" checked={starredOnly} onChange={(e) => setStarredOnly(e.target.checked)} data-testid="gallery-starred-only" /> starred only
        </label>
        <span data-testid="gallery-count">
          {shown.length} case{shown.length === 1 ? '' : 's'}
        </span>
        <button type="button" disabled={!shown.length} data-testid="gallery-export-json" onClick={() => downloadText(`failure-gallery-${stamp}.json`, casesToJson(shown))}>
          Export JSON
        </button>
        <button type="button" disabled={!shown.length} data-testid="gallery-export-csv" onClick={() => downloadText(`failure-gallery-${stamp}.csv`, casesToCsv(shown), 'text/csv')}>
          Export CSV
        </button>
        <button type="button" disabled={!failures.some((c) => !c.starred)} onClick={() => useApp.getState().clearUnstarred()}>
          Remove unstarred
        </button>
      </div>
      {error && <p className="error">{error}</p>}
      {shown.length === 0 && (
        <p className="note" data-testid="gallery-empty">
          {starredOnly ? 'No starred case yet: star a case to keep it here.' : 'No failures collected yet. Run the revision pairs, synthetic noise or traps in Experiments, or rename an answer entity live: each correct answer that turns wrong lands here.'}
        </p>
      )}
      {groupCases(shown).map((g) => (
        <div className="gallery-group" key={g.perturbation}>
          <h3>
            <TermText text={g.perturbation} />
          </h3>
          {g.models.map((m) => (
            <div key={m.model}>
              <p className="hint">
                model <code>{m.model}</code> · {m.cases.length} case{m.cases.length === 1 ? '' : 's'}
              </p>
              <ul className="gallery-list">
                {m.cases.map((c) => (
                  <li key={c.key}>
                    <CaseCard c={c} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

/** One case: the question, the diff of the two questions (when it changed) and of the two passages, both answers, and its buttons. */
function CaseCard({ c }: { c: FailureCase }) {
  const datasets = useApp((s) => s.datasets);
  const openLive = () => {
    if (!c.link) return;
    useApp.getState().setGalleryOpen(false);
    reopenCase(c);
  };
  // A paraphrase keeps the passage: its two answers are to two wordings of the question.
  const questionOnly = rewordedQuestion(c) !== null;
  // The same question broken under several seeds is several cases: the seed tells them apart.
  const seed = seedNote(c);
  return (
    <article className="gallery-case" data-testid="gallery-case">
      <div className="case-head">
        <span className="case-q" lang={/\p{Script=Han}/u.test(c.question) ? 'zh' : undefined}>
          {c.question}
        </span>
        <span className="catalog-id">
          {datasetLabel(datasets, c.dataset)} · {c.id} · {caseRunLabel(c.run, (d) => datasetLabel(datasets, d))}
          {seed && ` · ${seed}`}
          {c.alsoRuns?.length ? ` · found again by ${c.alsoRuns.map((r) => `${caseRunLabel(r, (d) => datasetLabel(datasets, d))}${c.answersRun && caseRunKey(r, c.model) === caseRunKey(c.answersRun, c.model) ? ' (its passage and answers shown)' : ''}`).join('; ')}` : ''}
        </span>
      </div>
      <div className="answers">
        <span data-testid="gallery-gold">
          gold: <b>{c.gold.join(' · ') || 'unanswerable'}</b>
        </span>
        {c.perturbedGold && (
          <span data-testid="gallery-perturbed-gold">
            gold in the perturbed passage: <b>{c.perturbedGold.join(' · ')}</b>
          </span>
        )}
        <span data-testid="gallery-original-answer">
          {questionOnly ? 'original question' : 'original passage'}: <b><AnswerText text={c.original.answer} /></b>
        </span>
        <span data-testid="gallery-perturbed-answer">
          {questionOnly ? 'reworded question' : 'perturbed passage'}: <b><AnswerText text={c.perturbed.answer} /></b>
        </span>
      </div>
      {c.perturbedQuestion !== undefined && <PassageDiff a={c.question} b={c.perturbedQuestion} testid="gallery-question-diff" />}
      {c.perturbed.passage === c.original.passage ? null : c.perturbed.passage !== null ? <PassageDiff a={c.original.passage} b={c.perturbed.passage} testid="gallery-diff" /> : <p className="hint">The perturbed passage is made again when the case is opened live.</p>}
      <div className="row wrap">
        <button type="button" data-testid="gallery-open" disabled={!c.link} onClick={openLive} title={c.link ? undefined : 'This model was opened from local files: a link cannot load it.'}>
          Open live
        </button>
        <button type="button" aria-pressed={c.starred} data-testid="gallery-star" onClick={() => useApp.getState().toggleStar(c.key)}>
          {c.starred ? '★ Starred' : '☆ Star'}
        </button>
      </div>
    </article>
  );
}
