/** The challenge set across every model run on the same revision pairs (appendix I of the paper), with its export. */
import { useState } from 'react';
import { buildChallenge, challengeToSquad, squadPassages, type ChallengeBuild } from '../../core/natural/challenge.ts';
import { downloadText } from '../shell/download.ts';
import { useApp } from '../store/index.ts';
import { runTime } from '../../core/results/run-record.ts';

/** A count with its noun, e.g. plural(1, 'question') === '1 question'. */
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function ChallengeCard() {
  const byModel = useApp((s) => s.naturalByModel);
  const instances = useApp((s) => s.naturalInstances);
  // The pairs are those of the last revision-pair run (other models' rows are kept only for the same questions).
  const run = useApp((s) => s.natural.run);
  const [built, setBuilt] = useState<(ChallengeBuild & { devFile: string | null }) | null>(null);
  // App. I's last step: the SQuAD dev file whose passages the originals must be.
  const [dev, setDev] = useState<{ file: string; passages: Set<string> } | null>(null);
  const [devError, setDevError] = useState<string | null>(null);
  const models = Object.keys(byModel);
  if (models.length === 0) return null;
  const pairs = built?.pairs ?? null;
  const openDev = async (f: File | undefined) => {
    if (!f) return;
    try {
      setDev({ file: f.name, passages: squadPassages(await f.text(), f.name) });
      setDevError(null);
    } catch (e) {
      setDevError((e as Error).message);
    }
    setBuilt(null);
  };
  const exportSet = (b: NonNullable<typeof built>) => {
    // The file keeps the dataset's no-answer decision (core/data/no-answer.ts), as qarx challenge writes it.
    const squad = challengeToSquad(b.pairs, run?.versionTwo);
    const devFilter = b.devFile ? { file: b.devFile, pairsRemoved: b.notInDev } : null;
    const noAnswer = run ? { versionTwo: run.versionTwo, versionTwoReason: run.versionTwoReason } : {};
    downloadText('challenge-set.json', JSON.stringify({ ...squad, challenge: { ...squad.challenge, ...noAnswer, devFilter } }, null, 1));
  };
  return (
    <div className="challenge" data-testid="challenge">
      <h4>Challenge set</h4>
      {run && (
        <p className="run-record" data-testid="challenge-record">
          {run.datasets.join(' + ')} · {plural(run.n, 'question')} with a revision pair · rule {String(run.settings.rule)} · last run {runTime(run.date)}
        </p>
      )}
      <p className="hint">
        Models run on these pairs: <strong data-testid="challenge-models">{models.join(', ')}</strong>. Load another model and run the pairs again to add it. Each pair is used in the orientation
        (edit or undo) that breaks the most models.
      </p>
      <div className="row wrap">
        <label className="file-btn">
          SQuAD dev file…
          <input type="file" accept=".json,application/json" data-testid="challenge-dev-input" aria-label="SQuAD dev file (the challenge set keeps only pairs whose original passage is one of its passages)" onChange={(e) => void openDev(e.target.files?.[0]).then(() => (e.target.value = ''))} />
        </label>
        <span className="hint" data-testid="challenge-dev">
          {dev ? `${dev.file}: ${plural(dev.passages.size, 'passage')}` : "No SQuAD dev file: appendix I's last step (original passages must be SQuAD dev passages) is skipped."}
        </span>
      </div>
      {devError && (
        <p className="error" role="alert" data-testid="challenge-dev-error">
          {devError}
        </p>
      )}
      <div className="row">
        <button type="button" data-testid="challenge-build" onClick={() => setBuilt({ ...buildChallenge(instances, byModel, 0, dev?.passages), devFile: dev?.file ?? null })}>
          Build challenge set
        </button>
        {built && built.pairs.length > 0 && (
          <button type="button" data-testid="challenge-export" onClick={() => exportSet(built)}>
            Export SQuAD JSON
          </button>
        )}
      </div>
      {pairs && (
        <p className="hint" data-testid="challenge-summary">
          {pairs.length === 0
            ? 'No pair makes any model go from correct to wrong.'
            : `${plural(pairs.length, 'passage pair')}, ${plural(pairs.reduce((a, p) => a + p.questions.length, 0), 'question')}; ${pairs.filter((p) => p.reversed).length} used with the edit undone.`}
          {built && built.notInDev !== null && ` ${plural(built.notInDev, 'pair')} removed: original passage not in ${built.devFile}.`}
        </p>
      )}
    </div>
  );
}
