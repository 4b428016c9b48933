/**
 * Under an experiment's result: the questions its runs broke (their C2W cases from the failure
 * gallery), grouped by the run that found them, each a button that reopens the question in Live
 * whole (reopenCase: dataset, gold, the run's scoring, the perturbation and both answers).
 */
import { useState } from 'react';
import { casesByRun, FIRST, pageCases, pageListsCases } from './result-cases.ts';
import { caseRunLabel } from '../../core/results/reopen.ts';
import { caseLabel } from '../../core/results/gallery.ts';
import { reopenCase } from './reopen-case.ts';
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
  const runs = casesByRun(all ? cases : cases.slice(0, FIRST));
  const first = firstUse();
  return (
    <section className="panel result-cases" data-testid="result-cases" aria-labelledby="result-cases-title">
      <h3 id="result-cases-title">
        Questions these runs broke (<Term k="C2W" />): {cases.length}
      </h3>
      <p className="hint">Each run's questions are listed under it. Click a question to reopen it in Live with its dataset, gold answer, the run's scoring and the same perturbation. They are also in the failure gallery.</p>
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
