/** The live view: passage, question, the current prediction and its timing. */
import type { LiveTexts } from '../live/answer-delay.ts';
import type { StateCreator } from 'zustand';
import type { PredictProgress, QaPrediction } from '../../core/index.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import type { AppState } from './index.ts';
import type { ScoringLang } from '../../core/data/score.ts';
import { loadScoringLang, saveScoringLang } from './scoring.ts';
import { liveNoAnswer, type NoAnswerData, type NoAnswerDecision } from '../../core/data/no-answer.ts';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export interface LiveSlice {
  passage: string;
  question: string;
  /** SQuAD 2.0 decoding: the model may answer "no answer" (liveNoAnswer.versionTwo, kept here for every panel). */
  allowNull: boolean;
  /** The user's "allow no answer" (null: untouched, the question's dataset decides). */
  allowNullOverride: boolean | null;
  /** What the selected question's dataset says about no answer (null: your own text). */
  liveNoAnswerData: NoAnswerData | null;
  /** Live's no-answer decision and its reason (core/data/no-answer.ts liveNoAnswer). */
  liveNoAnswer: NoAnswerDecision;
  /** A question of a dataset was opened: its dataset's evidence decides unless the user overrode it. */
  setLiveNoAnswerData(d: NoAnswerData | null): void;
  prediction: QaPrediction | null;
  /** The question and passage the running question was asked with, and those `prediction` answers (null: none). */
  predictFor: LiveTexts | null;
  answeredFor: LiveTexts | null;
  /** Which n-best entry is highlighted (0 = the answer). */
  selectedSpan: number;
  predictJob: number | null;
  predictProgress: PredictProgress | null;
  inferenceMs: number | null;
  windowsComputed: number;
  windowsCached: number;
  predictError: string | null;
  /** Which metric scores answers everywhere (live and experiments): the data's language, or English / Chinese. */
  scoringLang: ScoringLang;
  setScoringLang(l: ScoringLang): void;
  setPassage(p: string): void;
  setQuestion(q: string): void;
  setAllowNull(v: boolean): void;
  selectSpan(i: number): void;
  answer(): void;
}

export const DEMO_PASSAGE =
  'Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891 to study physics at the Sorbonne. ' +
  'In 1898, Marie Curie and Pierre Curie discovered polonium and radium. ' +
  'She won two Nobel Prizes, one in physics and one in chemistry, and she died in 1934.';
export const DEMO_QUESTION = 'Where was Marie Curie born?';

export const createLiveSlice: StateCreator<AppState, [], [], LiveSlice> = (set, get) => ({
  passage: DEMO_PASSAGE,
  question: DEMO_QUESTION,
  allowNull: true,
  allowNullOverride: null,
  liveNoAnswerData: null,
  liveNoAnswer: liveNoAnswer(null, null),
  setLiveNoAnswerData(d) {
    const decision = liveNoAnswer(d, get().allowNullOverride);
    set({ liveNoAnswerData: d, liveNoAnswer: decision, allowNull: decision.versionTwo });
  },
  scoringLang: loadScoringLang(storage()),
  setScoringLang(l) {
    set({ scoringLang: l });
    saveScoringLang(storage(), l);
    // The live rows were scored in the worker: ask again under the new metric.
    const s = get();
    if (s.renameOpen) s.runRename();
    if (s.trapOpen) s.runLiveTrap();
    if (s.liveParaRow) void s.askLiveParaphrase();
  },
  prediction: null,
  predictFor: null,
  answeredFor: null,
  selectedSpan: 0,
  predictJob: null,
  predictProgress: null,
  inferenceMs: null,
  windowsComputed: 0,
  windowsCached: 0,
  predictError: null,
  setPassage(p) {
    set({ passage: p });
  },
  setQuestion(q) {
    set({ question: q });
  },
  setAllowNull(v) {
    const decision = liveNoAnswer(get().liveNoAnswerData, v);
    set({ allowNullOverride: v, liveNoAnswer: decision, allowNull: decision.versionTwo });
    get().answer();
  },
  selectSpan(i) {
    set({ selectedSpan: i });
  },
  answer() {
    const { passage, question, modelStatus, model, predictJob, allowNull } = get();
    if (!model || (modelStatus !== 'ready' && modelStatus !== 'loading')) return;
    // A newer edit supersedes the running question: cancel it rather than queue behind it.
    if (predictJob !== null) send({ type: 'cancel', jobId: predictJob });
    if (!passage.trim() || !question.trim()) {
      set({ prediction: null, predictError: null, predictJob: null, predictProgress: null });
      return;
    }
    const jobId = newJobId();
    set({ predictJob: jobId, predictFor: { question, passage }, predictError: null, predictProgress: null });
    send({ type: 'predict', jobId, inputs: [{ id: 'live', question, context: passage }], versionTwo: allowNull });
  },
});
