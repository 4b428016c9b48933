/** The type, name-source and origin selects shared by the live renaming panel and the experiments. */
import { ENTITY_CHOICES, NAME_SOURCES, ORIGIN_LABELS, ORIGINS, SOURCE_LABELS, type EntityChoice, type NameSource, type Origin } from '../../core/entity/options.ts';

/** Type (optional), name source (of `sources`) and origin of a renaming, e.g. <RenameSelects value={o} onChange={set} testid="budget" />. */
export function RenameSelects({ value, onChange, testid, withType = true, sources = NAME_SOURCES }: { value: { type: EntityChoice; source: NameSource; origin: Origin }; onChange: (v: Partial<{ type: EntityChoice; source: NameSource; origin: Origin }>) => void; testid: string; withType?: boolean; sources?: readonly NameSource[] }) {
  return (
    <>
      {withType && (
        <label>
          type{' '}
          <select value={value.type} data-testid={`${testid}-type`} onChange={(e) => onChange({ type: e.target.value as EntityChoice })}>
            {ENTITY_CHOICES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      )}
      <label>
        names{' '}
        <select value={value.source} data-testid={`${testid}-source`} onChange={(e) => onChange({ source: e.target.value as NameSource })}>
          {sources.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        origin{' '}
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

