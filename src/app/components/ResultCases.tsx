/**
 * Under an experiment's result: the questions it broke (its C2W cases from the failure gallery),
 * each a button that opens the question in Live with the same perturbation (the case's permalink).
 */
import { useState } from 'react';
import type { FailureCase } from '../../core/results/gallery.ts';
import { casesOfKinds, FIRST, PAGE_CASE_KINDS } from '../result-cases.ts';
import { applyPermalink } from '../permalink-state.ts';
import { useApp } from '../store/index.ts';
import { datasetLabel } from '../format.ts';
import { firstUse, Term, TermText } from './Term.tsx';

/** Opens a case in Live with its perturbation. */
function openCase(c: FailureCase): void {
  if (!c.link) return;
  applyPermalink(c.link);
  requestAnimationFrame(() => document.querySelector('[data-testid="question-input"]')?.scrollIntoView({ block: 'start' }));
}

export function ResultCases({ path }: { path: string }) {
  const kinds = PAGE_CASE_KINDS[path];
  const failures = useApp((s) => s.failures);
  const datasets = useApp((s) => s.datasets);
  const [all, setAll] = useState(false);
  if (!kinds) return null;
  const cases = casesOfKinds(failures, kinds);
  if (!cases.length) return null;
  const shown = all ? cases : cases.slice(0, FIRST);
  const first = firstUse();
  return (
    <section className="panel result-cases" data-testid="result-cases" aria-labelledby="result-cases-title">
      <h3 id="result-cases-title">
        Questions these runs broke (<Term k="C2W" />): {cases.length}
      </h3>
      <p className="hint">Click a question to open it in Live with the same perturbation. They are also in the failure gallery.</p>
      <ul>
        {shown.map((c) => (
          <li key={c.key}>
            <button type="button" className="linklike" data-testid="result-case-open" disabled={!c.link} title={c.link ? undefined : 'This model was opened from local files: a link cannot load it.'} onClick={() => openCase(c)}>
              <span className="case-q" lang={/\p{Script=Han}/u.test(c.question) ? 'zh' : undefined}>
                {c.question}
              </span>
            </button>{' '}
            <span className="catalog-id">
              <TermText text={c.perturbation} first={first} /> · {datasetLabel(datasets, c.dataset)} · {c.id}
            </span>
          </li>
        ))}
      </ul>
      {cases.length > FIRST && (
        <button type="button" className="small" data-testid="result-cases-all" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST}` : `Show all ${cases.length}`}
        </button>
      )}
    </section>
  );
}
