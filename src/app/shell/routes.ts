/**
 * The app's places as hash routes (#/data, #/models, #/live, #/experiments/entity/sweep): the
 * sections of the top navigation and the experiment families grouped by the question they answer.
 * Pure, so the route table is tested without a browser. Permalinks (#v1=…) are not routes: they
 * open the live view and keep their own format.
 */

/** The top-level places, in the order the navigation shows them. */
export const SECTIONS = ['data', 'models', 'live', 'experiments', 'validate'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABELS: Record<Section, string> = { data: 'Data', models: 'Models', live: 'Live', experiments: 'Experiments', validate: 'Validate' };

/** One experiment page: its id within its group and the navigation label. */
export interface ExperimentItem {
  readonly id: string;
  readonly label: string;
  /** The run kinds (run history's) this page runs and shows, e.g. ['traps', 'adversarial']. */
  readonly kinds?: readonly string[];
}

/** A family of experiments and the research question it answers. */
export interface ExperimentGroup {
  readonly id: string;
  readonly title: string;
  readonly question: string;
  readonly items: readonly ExperimentItem[];
}

export const EXPERIMENT_GROUPS: readonly ExperimentGroup[] = [
  {
    id: 'entity',
    title: 'Entity renaming',
    question: 'Does the answer survive when the names in the passage change?',
    items: [
      { id: 'sweep', label: 'Sweep over name sources', kinds: ['sweep'] },
      { id: 'budget', label: 'Worst / best case and RESEMBLE', kinds: ['budget'] },
      { id: 'universal', label: 'Universal names', kinds: ['universal'] },
      { id: 'export', label: 'Export the renamed set' },
    ],
  },
  {
    id: 'natural',
    title: 'Natural edits',
    question: 'Do real Wikipedia edits, or synthetic noise, change the answer?',
    items: [{ id: 'pairs', label: 'Revision pairs, synthetic noise and challenge sets', kinds: ['natural', 'synthetic'] }],
  },
  {
    id: 'sensitivity',
    title: 'Over-sensitivity',
    question: 'Does a reworded question with the same meaning get another answer?',
    items: [{ id: 'paraphrases', label: 'Paraphrased questions (DPR)', kinds: ['paraphrase'] }],
  },
  {
    id: 'stability',
    title: 'Over-stability',
    question: 'Does a distracting sentence that does not answer the question pull the answer away?',
    items: [{ id: 'traps', label: 'Trap sentences and Adversarial SQuAD', kinds: ['traps', 'adversarial'] }],
  },
  {
    id: 'generalization',
    title: 'Generalization',
    question: 'How does each loaded model hold up across the experiments and slices of the data?',
    items: [{ id: 'table', label: 'Robustness table of every model', kinds: ['robustness'] }],
  },
  {
    id: 'audit',
    title: 'Audit',
    question: 'What did a batch run find, and what did earlier runs give?',
    items: [
      { id: 'results', label: 'Audit results (qarx audit)' },
      { id: 'runs', label: 'Run history' },
    ],
  },
];

/** Where the user is: a section and, in Experiments, the open experiment as "group/item" (null: the overview). */
export interface Route {
  readonly section: Section;
  readonly experiment: string | null;
}

export const HOME: Route = { section: 'live', experiment: null };

/** Every experiment's "group/item" path, in navigation order. */
export const EXPERIMENT_PATHS: readonly string[] = EXPERIMENT_GROUPS.flatMap((g) => g.items.map((i) => `${g.id}/${i.id}`));

/** The group and item of an experiment path, or null when the path names none. */
export function experimentOf(path: string): { group: ExperimentGroup; item: ExperimentItem } | null {
  const [g, i] = path.split('/');
  const group = EXPERIMENT_GROUPS.find((x) => x.id === g);
  const item = group?.items.find((x) => x.id === i);
  return group && item ? { group, item } : null;
}

/** The route a hash names (#/experiments/entity/sweep), or null when it is not a route (empty, a permalink, an anchor, an unknown place). */
export function parseRoute(hash: string): Route | null {
  if (!hash.startsWith('#/')) return null;
  const parts = hash.slice(2).split(/[?#]/)[0]!.split('/').filter(Boolean);
  const section = SECTIONS.find((s) => s === parts[0]);
  if (!section) return null;
  if (section !== 'experiments' || parts.length === 1) return parts.length === 1 ? { section, experiment: null } : null;
  const path = parts.slice(1).join('/');
  return experimentOf(path) ? { section, experiment: path } : null;
}

/** The hash of a route, e.g. '#/experiments/entity/sweep'. */
export function routeHash(r: Route): string {
  return r.section === 'experiments' && r.experiment ? `#/experiments/${r.experiment}` : `#/${r.section}`;
}

/** Whether two routes are the same place. */
export function sameRoute(a: Route, b: Route): boolean {
  return a.section === b.section && a.experiment === b.experiment;
}
