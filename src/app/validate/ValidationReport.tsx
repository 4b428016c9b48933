/**
 * What the annotators' judgements say (issue 43.2/43.3), all computed by src/core/validation (the
 * same as `qarx validate report`): κ per label with its CI, the disagreements and the cases that need
 * another annotator (App. H), the validated failure rate with its CI and n beside the run's own rate,
 * and the invalid cases by perturbation family.
 */
import { useMemo } from 'react';
import { Term, TermText } from '../teach/Term.tsx';
import { kappaText } from '../../core/validation/kappa.ts';
import { LABEL_TEXT } from '../../core/validation/judgements.ts';
import { percent, shareCi, validationSummary, type ValidationSummary } from '../../core/validation/report.ts';
import { ciText } from '../../core/stats/format.ts';
import type { Interval } from '../../core/stats/bootstrap.ts';
import { countOf } from '../../core/text/plural.ts';
import { useApp } from '../store/index.ts';
import type { OpenBatch } from '../store/validate-slice.ts';
import { ownFile } from './own-file.ts';

/** The bootstrap of κ's CI: resamples and seed, stated under the table. */
const KAPPA_BOOT = { b: 1000, seed: 1 };

/** A share with its CI in points as `qarx validate report` writes it, e.g. "42.0% [30.1, 54.9]". */
const pct = (i: Interval | null) => (i && Number.isFinite(i.value) ? shareCi(i) : '–');

/** The validation of the open batch by this browser's annotator and each imported file (the summary `qarx validate report` prints). */
function summaryOf(o: OpenBatch, annotator: string): ValidationSummary {
  const own = ownFile(o, annotator);
  const files = [...(own.annotations.length ? [{ ...own, file: 'your annotations' }] : []), ...o.imported.map((f) => ({ ...f.file, file: f.fileName }))];
  return validationSummary(o.stored.batch, files, KAPPA_BOOT);
}

/** κ of each label over the panel. */
function Agreement({ sum }: { sum: ValidationSummary }) {
  const { panel, agreement: rows } = sum;
  const method = panel.annotators.length > 2 ? <Term k="Fleiss' κ">Fleiss’ κ</Term> : <Term k="Cohen's κ">Cohen’s κ</Term>;
  return (
    <>
      <p className="hint" data-testid="vq-panel">
        {panel.annotators.length === 0
          ? 'No judgement yet.'
          : `Panel: ${panel.annotators.join(', ')}${panel.annotators.length > 1 ? ` on ${countOf(panel.caseIds.length, 'case')} all of them judged` : ''}`}
        {panel.outside.length ? `; outside the panel (judged part of its cases, counted in the majority): ${panel.outside.map((x) => `${x.annotator} (${x.cases})`).join(', ')}` : ''}
        {panel.annotators.length > 0 ? '.' : ''}
      </p>
      {panel.annotators.length < 2 ? (
        <p className="hint" data-testid="vq-kappa-none">
          Agreement needs a second annotator: export the batch file, hand it out, and import the annotation files that come back.
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Agreement per label">
          <table data-testid="vq-kappa">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">{method}</th>
                <th scope="col">
                  <Term k="CI">95% CI</Term>
                </th>
                <th scope="col">Observed agreement</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{LABEL_TEXT[r.label]}</th>
                  <td>{kappaText(r.kappa)}</td>
                  <td>{r.ci ? ciText(r.ci, 2) : '–'}</td>
                  <td>{percent(r.kappa.observed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panel.annotators.length >= 2 && (
        <p className="hint">
          <Term k="confidence interval">CI</Term>: {KAPPA_BOOT.b.toLocaleString('en-US')} bootstrap resamples of the cases, seed {KAPPA_BOOT.seed}.
        </p>
      )}
    </>
  );
}

/** The validated rate beside the run's own, with CI and n. */
function Rates({ o, r }: { o: OpenBatch; r: ValidationSummary['rates'] }) {
  const run = o.stored.runRate;
  const broken = o.stored.batch.source.draw === 'broken';
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Validated rate">
      <table data-testid="vq-rates">
        <tbody>
          {run && (
            <tr>
              <th scope="row">
                The run’s <Term k="c2w">C2W</Term> rate
              </th>
              <td data-testid="vq-run-rate">
                {percent(run.n ? run.k / run.n : Number.NaN)} ({run.k} of {run.n})
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">Valid cases (answered correctly, meaning kept)</th>
            <td data-testid="vq-valid-share">
              {pct(r.validShare)} · {r.valid} of {countOf(r.judged, 'judged case')}
            </td>
          </tr>
          {broken ? (
            <tr>
              <th scope="row">
                <Term k="validated failure rate">Validated failures</Term> of the run
              </th>
              <td data-testid="vq-validated">{r.validatedFailures ? `${r.validatedFailures.value.toFixed(1)} [${r.validatedFailures.lo.toFixed(1)}, ${r.validatedFailures.hi.toFixed(1)}] of ${o.stored.batch.source.population.broken ?? '?'} broken` : '–'}</td>
            </tr>
          ) : (
            <>
              <tr>
                <th scope="row">Failure rate of the judged cases, before validation</th>
                <td data-testid="vq-raw-rate">{pct(r.rawRate)}</td>
              </tr>
              <tr>
                <th scope="row">
                  <Term k="validated failure rate">Validated failure rate</Term> (failures on valid cases)
                </th>
                <td data-testid="vq-validated">
                  {pct(r.rate)} · n = {r.valid}
                </td>
              </tr>
              <tr>
                <th scope="row">Weighted back to the run’s strata</th>
                <td data-testid="vq-weighted">{pct(r.weighted)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function ValidationReport({ o }: { o: OpenBatch }) {
  const annotator = useApp((s) => s.annotator);
  const sum = useMemo(() => summaryOf(o, annotator), [o, annotator]);
  const { problems, disagreements: dis, needsAnotherAnnotator: another, invalidByFamily: families } = sum;
  const byId = new Map(o.stored.batch.cases.map((c) => [c.id, c]));
  return (
    <section className="card vq-report" aria-labelledby="vq-report-title" data-testid="vq-report">
      <h3 id="vq-report-title">Agreement and validated rates</h3>
      {problems.length > 0 && (
        <ul className="hint" data-testid="vq-report-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <Agreement sum={sum} />
      <Rates o={o} r={sum.rates} />
      <p className="hint" data-testid="vq-rule">
        Correct answer: <TermText text={sum.correctRule} />
      </p>
      {another.length > 0 && (
        <p className="hint" data-testid="vq-another">
          {countOf(another.length, 'case')} {another.length === 1 ? 'needs' : 'need'} another annotator (judged by one only, or tied on valid; App. H’s third annotator decides).
        </p>
      )}
      <h4>Disagreements ({dis.length})</h4>
      {dis.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Disagreements">
          <table className="vq-wide" data-testid="vq-disagreements">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Disagree on</th>
                <th scope="col">Judgements</th>
                <th scope="col">Majority: valid</th>
              </tr>
            </thead>
            <tbody>
              {dis.map((d) => (
                <tr key={d.caseId}>
                  <td>{byId.get(d.caseId)?.question ?? d.caseId}</td>
                  <td>{d.labels.map((l) => LABEL_TEXT[l].replace(/ \(.*\)$/, '')).join(', ')}</td>
                  <td>
                    {d.judgements.map(({ annotator: who, judgement: jd }) => (
                      <div key={who}>
                        {who}: {jd.annotation.answer ? `“${jd.annotation.answer.text}”` : 'no answer'} ({jd.correct ? 'correct' : 'wrong'}), meaning {jd.meaningKept ? 'kept' : 'changed'}
                      </div>
                    ))}
                  </td>
                  <td>{d.decided.valid === null ? 'tie' : d.decided.valid ? 'valid' : 'invalid'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Invalid cases by perturbation family</h4>
      {families.length === 0 ? (
        <p className="hint">No case decided yet.</p>
      ) : (
        <ul className="vq-sources" data-testid="vq-invalid-families">
          {families.map((f) => (
            <li key={f.family}>
              {f.family}: {f.invalid} of {f.judged} invalid ({f.wrongAnswer} answered wrongly, {f.meaningChanged} meaning changed)
              {f.cases.length > 0 && `: ${f.cases.slice(0, 5).map((c) => c.questionId).join(', ')}${f.cases.length > 5 ? ' …' : ''}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
