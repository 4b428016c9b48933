/**
 * The questions an experiment will run on, stated beside its Run button before it runs ("64
 * questions: Demo set · answerable only · no search"), with one control to change the scope. The
 * scope is one for every card: the Questions list's dataset and filters, its search only if included.
 */
import { Term } from '../teach/Term.tsx';
import { describeScope, type ScopeKind } from '../../core/experiments/scope.ts';
import { useApp } from '../store/index.ts';
import { DatasetSelect } from './DatasetSelect.tsx';
import { scopeSpecOf } from '../store/scope-slice.ts';

export function ScopeLine({ kind, testid, limit }: { kind: ScopeKind; testid: string; limit?: number }) {
  const counts = useApp((s) => s.scopeCounts);
  const query = useApp((s) => s.query);
  const filters = useApp((s) => s.filters);
  const scopeSearch = useApp((s) => s.scopeSearch);
  const datasets = useApp((s) => s.datasets);
  const naturalRows = useApp((s) => s.naturalRows);
  const spec = scopeSpecOf({ query, filters, scopeSearch, datasets, naturalRows });
  const said = counts ? describeScope(kind, spec, counts, limit) : null;
  return (
    <div className={`scope-line${said?.n === 0 ? ' scope-empty' : ''}`} data-testid={`${testid}-scope`}>
      <span className="scope-text" data-testid={`${testid}-scope-text`}>
        {said ? (
          <>
            <Term k="scope">Runs on</Term> {said.text}
          </>
        ) : (
          'Counting the questions…'
        )}
      </span>
      <details className="scope-change">
        <summary data-testid={`${testid}-scope-change`}>Change scope</summary>
        <ScopeControls testid={testid} />
      </details>
    </div>
  );
}

/** The scope's settings: the same dataset and filters as the Questions list, and whether its search narrows runs. */
function ScopeControls({ testid }: { testid: string }) {
  const filters = useApp((s) => s.filters);
  const query = useApp((s) => s.query.trim());
  const scopeSearch = useApp((s) => s.scopeSearch);
  const { setFilters, setScopeSearch } = useApp.getState();
  return (
    <div className="scope-controls row wrap">
      <label>
        dataset{' '}
        <DatasetSelect testid={`${testid}-scope-dataset`} />
      </label>
      <label>
        questions{' '}
        <select value={filters.answerable} data-testid={`${testid}-scope-answerable`} onChange={(e) => setFilters({ answerable: e.target.value as typeof filters.answerable })}>
          <option value="all">answerable or not</option>
          <option value="answerable">answerable only</option>
          <option value="unanswerable">unanswerable only</option>
        </select>
      </label>
      <label>
        answer type{' '}
        <select value={filters.entity} data-testid={`${testid}-scope-entity`} onChange={(e) => setFilters({ entity: e.target.value as typeof filters.entity })}>
          <option value="all">any</option>
          <option value="PER">PER</option>
          <option value="ORG">ORG</option>
          <option value="GPE">GPE</option>
          <option value="other">other</option>
        </select>
      </label>
      <label className="toggle">
        <input type="checkbox" checked={filters.revision === 'with-revision'} onChange={(e) => setFilters({ revision: e.target.checked ? 'with-revision' : 'all' })} /> with a revision pair only
      </label>
      <label className="toggle">
        <input type="checkbox" checked={scopeSearch} data-testid={`${testid}-scope-search`} onChange={(e) => setScopeSearch(e.target.checked)} /> narrow by the list's search{query ? ` "${query}"` : ' (none typed)'}
      </label>
      <p className="hint">The same dataset and filters as the Questions list; every experiment runs on this scope.</p>
    </div>
  );
}
