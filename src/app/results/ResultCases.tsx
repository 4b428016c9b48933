/**
 * Under an experiment's result: the cases its runs broke (their C2W cases from the failure
 * gallery), grouped by the run that found them, each a button that reopens the question in Live
 * whole (reopenCase: dataset, gold, the run's scoring, the perturbation and both answers).
 */
import { useState } from 'react';
import { casesByRun, FIRST, pageCases, pageListsCases } from './result-cases.ts';
import { caseRunLabel } from '../../core/results/reopen.ts';
import { CAPPED_CASE_KINDS, caseLabel } from '../../core/results/gallery.ts';
import { reopenCase } from './reopen-case.ts';
import { MAX_FOUND_CASES } from '../../core/results/found-case.ts';
import { useApp } from '../store/index.ts';
import { datasetLabel } from '../shell/format.ts';
import { firstUse, Term, TermText } from '../teach/Term.tsx';

export function ResultCases({ path }: { path: string }) {
  const failures = useApp((s) => s.failures);
  const datasets = useApp((s) => s.datasets);
  const [all, setAll] = useState(false);
  if (!pageListsCases(path)) return null;
  const cases = pageCases(failures, path);
  if (!cases.length) return null;
  const name = (d: string) => datasetLabel(datasets, d);
  const runs = casesByRun(all ? cases : cases.slice(0, FIRST), path);
  // Whether some run's list stopped at the cap: then the list is not all the run broke, and says so.
  const capped = casesByRun(cases, path).some((g) => g.cases.length >= MAX_FOUND_CASES && g.cases.some((c) => CAPPED_CASE_KINDS.has(c.kind)));
  const first = firstUse();
  return (
    <section className="panel result-cases" data-testid="result-cases" aria-labelledby="result-cases-title">
      <h3 id="result-cases-title">
        Cases these runs broke (<Term k="C2W" />): {cases.length}
      </h3>
      <p className="hint">
        A case is one question under one perturbation: a question broken by several renamings or seeds is listed once for each. Each run's cases are listed under it, and a case a later run found again is under both.
        {capped && <strong data-testid="result-cases-capped"> A run lists at most {MAX_FOUND_CASES} of the cases it broke; its table scores every question.</strong>} Click a question to reopen it in Live with its dataset, gold answer, the run's scoring and the same perturbation. They are also in the failure gallery.
      </p>
      {runs.map((g) => (
        <div key={g.key} className="result-cases-run" data-testid="result-cases-run">
          <h4 className="catalog-id" data-testid="result-cases-run-title">
            {caseRunLabel(g.run, name)} · {g.model}
          </h4>
          <ul>
            {g.cases.map((c) => (
              <li key={c.key}>
                <button type="button" className="linklike" data-testid="result-case-open" disabled={!c.link} title={c.link ? undefined : 'This model was opened from local files: a link cannot load it.'} onClick={() => reopenCase(c)}>
                  <span className="case-q" lang={/\p{Script=Han}/u.test(c.question) ? 'zh' : undefined}>
                    {c.question}
                  </span>
                </button>{' '}
                {c.perturbedQuestion && (
                  // Two paraphrases of one question would read the same without the wording each asked.
                  <span className="hint" data-testid="result-case-reworded" lang={/\p{Script=Han}/u.test(c.perturbedQuestion) ? 'zh' : undefined}>
                    asked as “{c.perturbedQuestion}”{' '}
                  </span>
                )}
                <span className="catalog-id">
                  <TermText text={caseLabel(c)} first={first} /> · {name(c.dataset)} · {c.id}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {cases.length > FIRST && (
        <button type="button" className="small" data-testid="result-cases-all" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST}` : `Show all ${cases.length}`}
        </button>
      )}
    </section>
  );
}
