/** Machine values of settings and key columns (name sources, origins, paraphrase and noise kinds) in the words the app uses for them. */
import { ORIGIN_LABELS, SOURCE_LABELS } from '../entity/options.ts';
import { KIND_LABELS } from '../sensitivity/kinds.ts';
import { NOISE_LABELS } from '../natural/noise-kinds.ts';

/** Label tables by the setting or column that holds their keys; kind keys are a paraphrase kind or a noise kind. */
export const VALUE_LABELS: Record<string, Record<string, string>> = {
  source: SOURCE_LABELS,
  sources: SOURCE_LABELS,
  origin: ORIGIN_LABELS,
  origins: ORIGIN_LABELS,
  kind: { ...KIND_LABELS, ...NOISE_LABELS },
  kinds: { ...KIND_LABELS, ...NOISE_LABELS },
};

/**
 * A machine value of a setting or key column as the app labels it elsewhere, e.g. valueLabel('sources', 'db') === 'DBName',
 * valueLabel('kind', 'reorder') === 'word reordering'; a value without a label (e.g. 'PER', 3) as it is.
 */
export function valueLabel(key: string, v: unknown): string {
  const s = String(v);
  return (Object.hasOwn(VALUE_LABELS, key) && Object.hasOwn(VALUE_LABELS[key] as object, s) ? VALUE_LABELS[key]?.[s] : undefined) ?? s;
}
