/** Worst/best over a budget of renamings as a table, for the live card and saved runs. */
import { Term } from '../teach/Term.tsx';
import type { BudgetResult, BudgetScores } from '../../core/entity/stats.ts';
import { pct } from '../charts/Chart.tsx';
import { countOf } from '../../core/text/plural.ts';
import { SmallLegend, SmallMark } from '../charts/SmallMark.tsx';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { BudgetCiNote, CiLegend } from '../charts/CiCell.tsx';

/** Worst/best over a budget as a table: the model, and RESEMBLE when it ran. */
export function BudgetTable({ result, budget, ci }: { result: BudgetResult; budget: number; ci?: ExperimentCi | null }) {
  const split = result.resembleSplit;
  return (
    <>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Worst and best case (scrolls sideways)">
        <table className="results-table" data-testid="budget-table">
          {split && (
            <caption data-testid="budget-split">
              Every figure is on the test part: {countOf(split.validationIds.length, 'other question')} (of the {split.validationIds.length + result.n}: a {pct(100 * split.share)}% split by seed {split.seed}) chose
              RESEMBLE&apos;s canonical names by F1 (§4): {Object.entries(split.scores).map(([k, rows]) => `${k} ${split.names[k]?.join('/') ?? rows[0]?.name}`).join(', ') || 'none probed, pool order kept'}.
            </caption>
          )}
          <thead>
            <tr>
              <th>
                {countOf(result.n, 'question')}
                <SmallMark n={result.n} />
                {split && ' (test part)'}, <Term k="budget">B</Term> = {budget}
              </th>
              <th>model</th>
              {result.defended && (
                <th>
                  + <Term k="RESEMBLE" />
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {(['original', 'random', 'worst', 'best'] as const).map((k) => (
              <tr key={k}>
                <td>{k === 'random' ? `random renaming, mean ± std over the ${budget} runs` : k === 'original' ? 'original' : <Term k={`D_${k}`}>{`D_${k}`}</Term>} (EM / F1)</td>
                <td>
                  {fmtScore(result.plain, k)}
                  {ci && <BudgetCiNote ci={ci} side="model" k={k} />}
                </td>
                {result.defended && (
                  <td>
                    {fmtScore(result.defended, k)}
                    {ci && <BudgetCiNote ci={ci} side="resemble" k={k} />}
                  </td>
                )}
              </tr>
            ))}
            <tr>
              <td>
                <Term k="stability" /> (answer never changes)
              </td>
              <td data-testid="budget-stability">{pct(100 * result.plain.stability)}%</td>
              {result.defended && <td>{pct(100 * result.defended.stability)}%</td>}
            </tr>
          </tbody>
        </table>
        </div>
      <SmallLegend counts={[result.n]} />
      {result.defended && (
        <p className="hint" data-testid="budget-resemble-note">
          <Term k="RESEMBLE" />
          &apos;s original row is the defended model on the questions as written: the defence also asks each question with the entity replaced by its canonical names and combines the answers (§4), so it can differ from the model&apos;s own original.
        </p>
      )}
      {ci && <CiLegend ci={ci} seedSpread testid="budget" />}
    </>
  );
}

/** "EM / F1" of one row; the random row adds ± its std over runs. */
const fmtScore = (s: BudgetScores, k: 'original' | 'random' | 'worst' | 'best') =>
  k === 'random' ? `${pct(s.random.em)} ± ${pct(s.randomStd.em)} / ${pct(s.random.f1)} ± ${pct(s.randomStd.f1)}` : `${pct(s[k].em)} / ${pct(s[k].f1)}`;
