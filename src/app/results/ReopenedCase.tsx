/**
 * A reopened case beside its live question: which run found it and how that run scored, the
 * perturbation, both answers with their EM/F1 (each side against its own gold answers), the
 * category under the run's rule, and the perturbed passage as a word diff of the original. Shown
 * while the case's question is open; the live panels below re-run the perturbation where one exists.
 */
import type { CaseKind } from '../../core/results/gallery.ts';
import { reopenView, rewordedQuestion } from '../../core/results/reopen.ts';
import { useApp } from '../store/index.ts';
import { datasetLabel } from '../shell/format.ts';
import { AnswerBox, CategoryLine, PassageDiff } from './Compare.tsx';
import { caseIsOpen } from './reopen-case.ts';

/** The perturbed side's title of each case kind. */
const PERTURBED_TITLE: Record<CaseKind, string> = {
  rename: 'renamed passage',
  revision: 'edited passage (revision)',
  noise: 'noisy passage',
  paraphrase: 'paraphrased question',
  trap: 'passage with the trap sentence',
  adversarial: 'Adversarial SQuAD variant',
  universal: 'passage with the universal name',
  attack: 'with the found breaking edit',
};

export function ReopenedCase() {
  const c = useApp((s) => (s.reopened && caseIsOpen(s.reopened, s) ? s.reopened : null));
  const datasets = useApp((s) => s.datasets);
  if (!c) return null;
  const name = (d: string) => datasetLabel(datasets, d);
  const v = reopenView(c, name);
  const gold = (g: string[]) => (g.length ? g.join(' · ') : 'unanswerable');
  return (
    <section className="panel reopened-case" data-testid="reopened-case" aria-labelledby="reopened-case-title">
      <div className="panel-head">
        <h3 id="reopened-case-title">Reopened: {v.perturbation}</h3>
        <button type="button" className="link" data-testid="reopened-close" onClick={() => useApp.setState({ reopened: null })}>
          Close
        </button>
      </div>
      {/* An experiment's run reads after "From the"; a Live find or an unrecorded run is its own sentence. */}
      <p className="hint" data-testid="reopened-run">
        {/^[a-z]/.test(v.run) ? v.run.charAt(0).toUpperCase() + v.run.slice(1) : `From the ${v.run}`} · question {c.id} · model {c.model}
      </p>
      <p className="hint" data-testid="reopened-scoring">
        Scored as the run scored: {v.scoring}
      </p>
      <div className="side-by-side">
        <AnswerBox title={`original · gold ${gold(v.original.gold)}`} text={v.original.answer} score={v.original.score} testid="reopened-original" />
        <AnswerBox title={`${PERTURBED_TITLE[c.kind] ?? 'perturbed'} · gold ${gold(v.perturbed.gold)}`} text={v.perturbed.answer} score={v.perturbed.score} testid="reopened-perturbed" />
      </div>
      <CategoryLine category={v.category} testid="reopened-category" rule={v.rule} />
      {v.perturbed.question !== v.original.question && (
        <p data-testid="reopened-question">
          <span className="field-label">{rewordedQuestion(c) !== null ? 'paraphrase' : 'perturbed question'}</span> <span lang={/\p{Script=Han}/u.test(v.perturbed.question) ? 'zh' : undefined}>{v.perturbed.question}</span>
        </p>
      )}
      {v.perturbed.passage !== null && v.perturbed.passage !== v.original.passage && (
        <details data-testid="reopened-passage">
          <summary>The perturbed passage (changes against the original)</summary>
          <PassageDiff a={v.original.passage ?? ''} b={v.perturbed.passage} testid="reopened-diff" />
        </details>
      )}
    </section>
  );
}
