/** PLACEHOLDER: the agreement report is drawn from h12-valcore's computations once merged. */
import type { OpenBatch } from '../store/validate-slice.ts';

export function ValidationReport({ o }: { o: OpenBatch }) {
  return <p className="hint">{o.imported.length} imported</p>;
}
