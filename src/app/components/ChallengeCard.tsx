/** The challenge set across every model run on the same revision pairs (appendix I of the paper), with its export. */
import { useState } from 'react';
import { challengeSet, challengeToSquad, type ChallengePair } from '../../core/natural/challenge.ts';
import { downloadText } from '../download.ts';
import { useApp } from '../store/index.ts';

/** A count with its noun, e.g. plural(1, 'question') === '1 question'. */
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function ChallengeCard() {
  const byModel = useApp((s) => s.naturalByModel);
  const instances = useApp((s) => s.naturalInstances);
  // The pairs are those of the last revision-pair run (other models' rows are kept only for the same questions).
  const run = useApp((s) => s.natural.run);
  const [pairs, setPairs] = useState<ChallengePair[] | null>(null);
  const models = Object.keys(byModel);
  if (models.length === 0) return null;
  return (
    <div className="challenge" data-testid="challenge">
      <h4>Challenge set</h4>
      {run && (
        <p className="run-record" data-testid="challenge-record">
          {run.datasets.join(' + ')} · {plural(run.n, 'question')} with a revision pair · rule {String(run.settings.rule)} · last run {run.date.slice(0, 16).replace('T', ' ')}
        </p>
      )}
      <p className="hint">
        Models run on these pairs: <strong data-testid="challenge-models">{models.join(', ')}</strong>. Load another model and run the pairs again to add it. Each pair is used in the orientation
        (edit or undo) that breaks the most models.
      </p>
      <div className="row">
        <button type="button" data-testid="challenge-build" onClick={() => setPairs(challengeSet(instances, byModel))}>
          Build challenge set
        </button>
        {pairs && pairs.length > 0 && (
          <button type="button" data-testid="challenge-export" onClick={() => downloadText('challenge-set.json', JSON.stringify(challengeToSquad(pairs), null, 1))}>
            Export SQuAD JSON
          </button>
        )}
      </div>
      {pairs && (
        <p className="hint" data-testid="challenge-summary">
          {pairs.length === 0
            ? 'No pair makes any model go from correct to wrong.'
            : `${plural(pairs.length, 'passage pair')}, ${plural(pairs.reduce((a, p) => a + p.questions.length, 0), 'question')}; ${pairs.filter((p) => p.reversed).length} used with the edit undone.`}
        </p>
      )}
    </div>
  );
}
