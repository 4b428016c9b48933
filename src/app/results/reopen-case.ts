/**
 * The one way a result's case opens in Live (the failure gallery and every experiment page's
 * "Cases these runs broke"): its link loads the model, opens the question with its dataset and
 * gold, puts back the run's "no answer" setting and the perturbation's live control; the case itself
 * stays beside the question (ReopenedCase) with both answers and their scores; a paraphrase is asked
 * again in the live paraphrase control.
 */
import type { FailureCase } from '../../core/results/gallery.ts';
import { rewordedQuestion } from '../../core/results/reopen.ts';
import { applyPermalink, linkOpen } from './permalink-state.ts';
import { useApp, type AppState } from '../store/index.ts';

let stopAsking: (() => void) | null = null;

/** Whether the open question is the case's own (its stored question, or its free text). */
export function caseIsOpen(c: FailureCase, s: Pick<AppState, 'instance' | 'passage' | 'question'>): boolean {
  const q = c.link?.q;
  if (!q) return false;
  return q.kind === 'instance' ? s.instance?.dataset === q.dataset && s.instance.id === q.id : s.passage === q.passage && s.question === q.question;
}

/** Opens a case in Live whole (see the file's comment). */
export function reopenCase(c: FailureCase): void {
  const link = c.link;
  if (!link) return;
  stopAsking?.();
  stopAsking = null;
  applyPermalink(link);
  useApp.setState({ reopened: c, liveParaphrase: '', liveParaRow: null, liveParaNote: null });
  const paraphrase = rewordedQuestion(c);
  if (paraphrase) {
    // Asked once the model is ready and the question has arrived, unless another question came first.
    const ask = (st: AppState): boolean => {
      if (st.reopened === c && !linkOpen(link, st)) return false;
      stopAsking?.();
      stopAsking = null;
      if (st.reopened !== c) return true;
      st.setLiveParaphrase(paraphrase);
      void useApp.getState().askLiveParaphrase();
      return true;
    };
    if (!ask(useApp.getState())) stopAsking = useApp.subscribe((st) => void ask(st));
  }
  requestAnimationFrame(() => document.querySelector('[data-testid="question-input"]')?.scrollIntoView({ block: 'start' }));
}
