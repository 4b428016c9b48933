/** The robustness table: every loaded model × the experiments above, one row per model, reproduced by `qarx audit`. */
import { dataFile, ROBUSTNESS_AUDIT_FILE } from '../../results/run-record.ts';
import { defineKind } from '../kind.ts';

export const robustness = defineKind({
  id: 'robustness',
  label: 'Robustness table',
  family: 'Audit',
  scope: 'robustness',
  wholeSelection: false,
  settings: null,
  // The robustness card saves its own table.
  table: null,
  headline: null,
  slices: null,
  charts: { rowsPerUnit: false, categories: false },
  partialRows: null,
  command: (c) => {
    const { r } = c;
    const where = c.demo ? 'the built-in demo set' : `${dataFile(r.datasets)} (every question of ${r.datasets.join(' + ') || 'the data'}, as a data file in the config's folder)`;
    const which = r.ids ? `its "ids" list the ${r.ids.length} question${r.ids.length === 1 ? '' : 's'} of the table in its order, and InDistName names come from every question of the data, as in the app` : `the first ${r.n} question${r.n === 1 ? '' : 's'} in file order`;
    return {
      command: `qarx audit --config ${ROBUSTNESS_AUDIT_FILE} --out robustness-audit`,
      note: `${ROBUSTNESS_AUDIT_FILE} is the config "Audit config" saves with this table: ${where}, ${which}; every model of the table with its precision, and the table's experiments with its settings. Save it in the project folder (its paths start at the config's folder); a model loaded from local files is named as a placeholder folder: put its path in the config. ${c.device}.`,
    };
  },
  audit: null,
  cases: null,
});
