/** The dataset choice of the Questions list and of every experiment's scope: one control, one state (filters.dataset). */
import { useApp } from '../store/index.ts';

/** A select of "All datasets" and each loaded dataset, bound to the list's dataset filter. */
export function DatasetSelect({ testid, label }: { testid?: string; label?: string }) {
  const value = useApp((s) => s.filters.dataset);
  const datasets = useApp((s) => s.datasets);
  return (
    <select aria-label={label} value={value} data-testid={testid} onChange={(e) => useApp.getState().setFilters({ dataset: e.target.value })}>
      <option value="all">All datasets</option>
      {datasets.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </select>
  );
}
