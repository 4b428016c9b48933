/**
 * A hand-made audit summary for the model card's tests: one model, one dataset, the unperturbed
 * ("original") row with its F1 CI, and a trap row with every CI and p column summary.json has.
 */
import { SUMMARY_FORMAT, type AuditSummary } from '../../src/core/audit/format.ts';

export const COLUMNS = ['dataset', 'experiment', 'variant', 'seed', 'row', 'n', 'before_em', 'before_f1', 'after_em', 'after_f1', 'drop_f1', 'before_f1_lo', 'before_f1_hi', 'after_f1_lo', 'after_f1_hi', 'drop_f1_lo', 'drop_f1_hi', 'p_f1', 'p_f1_holm', 'drop_em_lo', 'drop_em_hi', 'p_em', 'p_em_holm', 'mdd_f1', 'f1_significance'];

/** What varies between the tests: names and settings that come from files. */
export interface SummaryParts {
  name: string;
  generated: string;
  model: string;
  dataset: string;
  variant: string;
  row: string;
  settings: Record<string, unknown>;
  /** Leave out the original row (an audit without { kind: 'original' }). */
  noOriginal?: boolean;
}

export const PARTS: SummaryParts = { name: 'a', generated: '2026-12-02', model: 'm', dataset: 'sq2half', variant: 'traps generated after', row: 'trap after', settings: { source: 'generated', position: 'after', seed: 1 } };

/** The summary: original 62.5/70.4 [53.2, 87.4] over 24; traps 60.9 → 21.7 EM, 69.2 → 27.1 F1 over 23 with their CIs and p. */
export function cardSummary(p: SummaryParts = PARTS): AuditSummary {
  const original = [p.dataset, 'original', 'original', null, 'original (answerable)', 24, 62.5, 70.4365, null, null, null, 53.1647, 87.4355, ...Array<null>(14).fill(null)];
  const traps = [p.dataset, 'traps', p.variant, 1, p.row, 23, 60.8696, 69.1511, 21.7391, 27.1222, 42.029, 50.2899, 86.9565, 11.1801, 44.3168, 23.1159, 64.529, 0.001953, 0.01172, 21.7391, 60.8696, 0.003906, 0.01953, 29.5836, 'significant'];
  const run = (settings: Record<string, unknown>) => ({ datasets: [p.dataset], n: 24, selected: 24, query: '', filters: {}, model: p.model, dtype: 'fp32', device: 'cpu', versionTwo: false, versionTwoReason: '', scoringLang: 'auto', settings: { ...settings, ci: { bootstrap: 300, seed: 3, passages: false } }, date: 'x' }) as never;
  const units = [
    ...(p.noOriginal ? [] : [{ id: 'u0', label: `${p.dataset} · ${p.model} · original`, kind: 'original', status: 'ok' as const, run: run({ questions: 'answerable' }), table: null }]),
    { id: 'u1', label: `${p.dataset} · ${p.model} · ${p.variant} · seed 1`, kind: 'traps', status: 'ok' as const, run: run(p.settings), table: null },
  ];
  return {
    format: SUMMARY_FORMAT, version: 1, name: p.name, generated: p.generated, planned: units.length, ok: units.length, failed: [], missing: [], units,
    models: [{ name: p.model, device: 'cpu', overview: { kind: 'overview', title: 'o', columns: COLUMNS, rows: p.noOriginal ? [traps] : [original, traps] }, tables: [] }],
  };
}
