/** The target, type, name-source and origin selects shared by the live renaming panel and the experiments. */
import { Term, TermText } from '../teach/Term.tsx';
import { ENTITY_CHOICES, NAME_SOURCES, ORIGIN_LABELS, ORIGINS, RANDSTR_RULE, RENAME_TARGETS, SOURCE_LABELS, TARGET_LABELS, type EntityChoice, type NameSource, type Origin, type RenameTarget } from '../../core/entity/options.ts';

type Choice = { type: EntityChoice; source: NameSource; origin: Origin; target?: RenameTarget };

/** What is renamed: the answer entity or a person the question names (PER only), e.g. <TargetSelect value={o.target} onChange={…} testid="rename" />. */
export function TargetSelect({ value, onChange, testid, labelled = true }: { value: RenameTarget | undefined; onChange: (t: RenameTarget) => void; testid: string; labelled?: boolean }) {
  return (
    <label title="Answer entity (Yan et al. 2022) or a person named in the question and the passage (Balasubramanian et al. 2020's SQuAD setting)">
      {labelled && 'rename '}
      <Term k="question-person">
        {(tip) => (
          <select value={value ?? 'answer'} aria-label={labelled ? undefined : 'What to rename'} aria-describedby={tip} data-testid={`${testid}-target`} onChange={(e) => onChange(e.target.value as RenameTarget)}>
            {RENAME_TARGETS.map((t) => (
              <option key={t} value={t}>
                {TARGET_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </Term>
    </label>
  );
}

/** Target and type (optional), name source (of `sources`) and origin of a renaming, e.g. <RenameSelects value={o} onChange={set} testid="budget" />. */
export function RenameSelects({ value, onChange, testid, withType = true, withTarget = true, sources = NAME_SOURCES }: { value: Choice; onChange: (v: Partial<Choice>) => void; testid: string; withType?: boolean; withTarget?: boolean; sources?: readonly NameSource[] }) {
  const person = value.target === 'question-person';
  return (
    <>
      {withTarget && <TargetSelect value={value.target} onChange={(target) => onChange({ target })} testid={testid} />}
      {withType && (
        <label>
          <Term k="entity type">type</Term>{' '}
          {/* The label's term explains PER, ORG and GPE; the select's own tip explains MIX. */}
          <Term k="mix">
            {(tip) => (
              <select value={person ? 'PER' : value.type} disabled={person} title={person ? 'A person of the question is PER' : undefined} aria-describedby={tip} data-testid={`${testid}-type`} onChange={(e) => onChange({ type: e.target.value as EntityChoice })}>
                {ENTITY_CHOICES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            )}
          </Term>
        </label>
      )}
      <label>
        <Term k="name source">names</Term>{' '}
        <select value={value.source} data-testid={`${testid}-source`} onChange={(e) => onChange({ source: e.target.value as NameSource })}>
          {sources.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {value.source === 'randstr' && (
        <span className="hint" data-testid={`${testid}-randstr-rule`}>
          <TermText text={RANDSTR_RULE} />
        </span>
      )}
      <label>
        <Term k="origin">origin</Term>{' '}
        <select value={value.origin} disabled={value.source !== 'db'} data-testid={`${testid}-origin`} title="Origin of person names (DBName)" onChange={(e) => onChange({ origin: e.target.value as Origin })}>
          {ORIGINS.map((o) => (
            <option key={o} value={o}>
              {ORIGIN_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
