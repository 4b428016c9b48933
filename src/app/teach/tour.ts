/**
 * The guided tour over the demo set: one stop per phenomenon, each a demo question opened live
 * with its perturbation (through the permalink code, so a stop is exactly a shareable view), a
 * short explanation, and a "try it yourself" step the tour notices when the learner has done it.
 */
import type { Permalink, PermalinkPerturbation } from '../../core/results/permalink.ts';
import { SHIPPED_MODEL_ID } from '../models/models.ts';
import { applyPermalink } from '../results/permalink-state.ts';
import { useApp, type AppState } from '../store/index.ts';

export interface TourStop {
  id: string;
  title: string;
  /** What the phenomenon is and what to look at, in two or three sentences. */
  text: string;
  /** The "try it yourself" step. */
  tryIt: string;
  /** The demo question the stop opens and its perturbation. */
  instance: string;
  p: PermalinkPerturbation;
  /** Panels to open once the question is there (paraphrase control, trap panel). */
  open?: 'paraphrase' | 'trap';
  /** Whether the learner has done the "try it yourself" step, judged from the store. */
  done: (s: AppState, start: AppState) => boolean;
}

const renamed = (s: AppState, start: AppState) => s.renameOptions !== start.renameOptions || s.renameResemble !== start.renameResemble;
const edited = (s: AppState) => s.instance !== null && s.passage !== s.instance.context;

export const TOUR_STOPS: readonly TourStop[] = [
  {
    id: 'rename',
    title: 'Entity renaming',
    text: 'Neural readers often answer from names they memorised in training rather than from the passage (Yan et al. 2022). Here the answer entity “Alexander Fleming” is replaced everywhere by another person name (DBName: a real-world list); the passage below the answer shows the renaming as a diff and both answers side by side. The shipped lexical baseline memorised nothing: it takes any capitalised word for a name, so its answer usually follows the new name. The Experiments view sweeps every entity type (PER, ORG, GPE) and name source and charts the drop in F1 per type.',
    tryIt: 'Change the entity type or the name source in the renaming panel, or press “Re-roll” for another name, and watch whether the answer follows the new name.',
    instance: 'demo-per-01',
    p: { kind: 'rename', type: 'PER', source: 'db', origin: 'us', seed: 1, resemble: false },
    done: renamed,
  },
  {
    id: 'origin',
    title: 'Names by origin',
    text: 'A fair reader should not care where a name comes from. This stop renames the answer with Chinese person names; the sweep’s “EM by person-name origin” chart compares US, Indian, Chinese, French and Arabic names over many seeds.',
    tryIt: 'Pick another origin (US, India, French, Arabic) in the renaming panel and compare the answers.',
    instance: 'demo-per-04',
    p: { kind: 'rename', type: 'PER', source: 'db', origin: 'cn', seed: 1, resemble: false },
    done: (s, start) => s.renameOptions.origin !== start.renameOptions.origin,
  },
  {
    id: 'worst',
    title: 'Worst and best case, and RESEMBLE',
    text: 'One renaming is one draw; an attacker tries many. “Worst/best over a budget” in Experiments renames each question with k names and keeps the worst (and best) answer. RESEMBLE, switched on here, is a defence: it answers with a few canonical names put in and votes, and its answer is shown beside the renamed one.',
    tryIt: 'Press “Re-roll” a few times (each is a new seed): you are doing the budget search by hand. Does RESEMBLE keep the answer right?',
    instance: 'demo-per-05',
    p: { kind: 'rename', type: 'PER', source: 'randstr', origin: 'us', seed: 1, resemble: true },
    done: (s, start) => s.renameOptions.seed !== start.renameOptions.seed || s.renameResemble !== start.renameResemble,
  },
  {
    id: 'natural',
    title: 'Natural edits and C2W',
    text: 'Wikipedia passages change from revision to revision. Each question here has its passage and the next revision, both answered; the pair falls in a category: C2C (correct on both), C2W (the edit broke a correct answer), W2C or W2W. The Experiments view counts them over the whole set.',
    tryIt: 'Edit the passage yourself (reword the sentence with the answer) and see whether the answer survives your edit.',
    instance: 'demo-gpe-07',
    p: { kind: 'revision' },
    done: edited,
  },
  {
    id: 'noise',
    title: 'Synthetic noise vs natural edits',
    text: 'Synthetic noise (typos, OCR errors, swapped or deleted words, as NLPAug makes them) is the usual stand-in for real edits. It is shown beside the natural edit of the same question, with the same categories, so you can see how different they are.',
    tryIt: 'Choose another noise kind under the revision pair and press “Add noise”.',
    instance: 'demo-per-05',
    p: { kind: 'noise', noise: 'keyboard', rate: 0.3, seed: 1 },
    done: (s, start) => s.noiseOptions.kind !== start.noiseOptions.kind && s.noisePair !== null,
  },
  {
    id: 'paraphrase',
    title: 'Paraphrased questions (DPR)',
    text: 'Asking the same thing in other words should not change the answer. The paraphrase control under the question asks both questions; the share of paraphrases whose answer changes is the DPR (over-sensitivity), measured over the set in Experiments.',
    tryIt: 'Type your own rewording of the question in the paraphrase box and press “Ask both”.',
    instance: 'demo-per-04',
    p: { kind: 'none' },
    open: 'paraphrase',
    done: (s) => s.liveParaRow !== null && s.liveParaphrase.trim() !== '' && !(s.instance?.paraphrases ?? []).includes(s.liveParaphrase),
  },
  {
    id: 'trap',
    title: 'Trap sentences',
    text: 'A model that matches words instead of reading can be fooled by a sentence that shares the question’s words but answers nothing (AddSent, Jia & Liang 2017). The shipped lexical baseline matches words by design, so it is an easy victim. The trap panel inserts one after the answer sentence and shows whether the answer jumps into it.',
    tryIt: 'Choose “typed” in the trap panel and write your own distractor sentence.',
    instance: 'demo-per-03',
    p: { kind: 'none' },
    open: 'trap',
    done: (s) => s.liveTrapConfig.kind === 'typed' && s.liveTrapConfig.sentence.trim() !== '',
  },
  {
    id: 'chinese',
    title: 'Chinese',
    text: 'The tools work on Chinese too: renaming uses Chinese names and places, traps and paraphrases have Chinese rules, and scores use DuReader’s character-level F1. Here the answer 周树人 (Lu Xun’s birth name) is renamed. The shipped lexical baseline does not read Chinese: it picks a run of characters near the characters the question shares, so use a multilingual model to see a real reader.',
    tryIt: 'Press “Re-roll” for another Chinese name, or edit the passage.',
    instance: 'demo-zh-03',
    p: { kind: 'rename', type: 'PER', source: 'db', origin: 'cn', seed: 1, resemble: false },
    done: (s, start) => renamed(s, start) || edited(s),
  },
];

/** The model a stop runs on: the one loaded (unless it came from local files), else the shipped model. */
function tourModel(s: AppState): Permalink['models'][number] {
  const src = s.loadedSource ?? s.loadingSource;
  return src && src.kind !== 'files' ? { kind: src.kind, id: src.id } : { kind: 'local', id: SHIPPED_MODEL_ID };
}

let stopWaiting: (() => void) | null = null;
/** The stop last opened and the store just after it opened, which its "try it yourself" check compares with. */
let opened: { stop: TourStop; start: AppState } | null = null;

/** Whether the learner has done `stop`'s "try it yourself" step since it opened. */
export function stopDone(stop: TourStop, s: AppState): boolean {
  return opened?.stop === stop && stop.done(s, opened.start);
}

/** Opens a stop live: its question and perturbation, then its panel once the question is there. */
export function openStop(stop: TourStop): void {
  stopWaiting?.();
  stopWaiting = null;
  const s = useApp.getState();
  applyPermalink({ v: 1, models: [tourModel(s)], q: { kind: 'instance', dataset: 'demo', id: stop.instance }, p: stop.p, allowNull: s.allowNull });
  useApp.setState({ trapOpen: false, liveParaphrase: '', liveParaRow: null, liveParaNote: null });
  const para = document.querySelector<HTMLDetailsElement>('[data-testid="paraphrase-live"]');
  if (para) para.open = stop.open === 'paraphrase';
  opened = { stop, start: useApp.getState() };
  if (!stop.open) return;
  const ready = (st: AppState) => st.modelStatus === 'ready' && st.instance?.id === stop.instance;
  const go = () => {
    stopWaiting?.();
    stopWaiting = null;
    if (stop.open === 'trap') useApp.getState().setTrapOpen(true);
    else {
      const first = useApp.getState().instance?.paraphrases?.[0];
      if (first) {
        useApp.getState().setLiveParaphrase(first);
        useApp.getState().askLiveParaphrase();
      }
    }
  };
  if (ready(useApp.getState())) go();
  else stopWaiting = useApp.subscribe((st) => ready(st) && go());
}
