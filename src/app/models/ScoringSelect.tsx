/** The Scoring select: which official metric scores answers, live and in every experiment. */
import type { ScoringLang } from '../../core/data/score.ts';
import { Term, TermText } from '../teach/Term.tsx';
import { useApp } from '../store/index.ts';

const OPTIONS: { value: ScoringLang; label: string }[] = [
  { value: 'auto', label: "Auto: the data's language" },
  { value: 'en', label: 'English: SQuAD EM/F1' },
  { value: 'zh', label: 'Chinese: DuReader-robust (characters)' },
];

export function ScoringSelect() {
  const lang = useApp((s) => s.scoringLang);
  return (
    <section className="card scoring" data-testid="scoring">
      <label htmlFor="scoring-lang" className="field-label">
        Scoring
      </label>
      {/* Its choices name the metrics and datasets: the tip defines them. */}
      <Term k={['EM', 'F1', 'SQuAD']}>
        {(tip) => (
          <select id="scoring-lang" data-testid="scoring-lang" aria-describedby={tip} value={lang} onChange={(e) => useApp.getState().setScoringLang(e.target.value as ScoringLang)}>
            {OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Term>
      <p className="hint">
        <TermText text={lang === 'auto' ? 'Chinese questions get DuReader-robust’s character-level EM/F1, the others SQuAD’s.' : 'Every question is scored with this metric; runs record it and their qarx command carries --lang.'} />
      </p>
    </section>
  );
}
