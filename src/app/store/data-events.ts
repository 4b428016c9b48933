/** Data-worker events folded into the store: imports, search results, opened questions, collected experiment inputs, saved runs. */
import type { DataEvent } from '../../worker/data-protocol.ts';
import { withScoringLang } from '../../core/data/score.ts';
import { useApp } from './app.ts';
import { isLatestGet } from './data-slice.ts';
import { typeForQuestion } from './entity-slice.ts';

/** Applies one data-worker event to the store. */
export function applyDataEvent(e: DataEvent): void {
  const s = useApp.getState();
  switch (e.type) {
    case 'datasets':
      s.receiveDatasets(e.datasets);
      return;
    case 'import-progress':
      if (s.importJob?.jobId === e.jobId) useApp.setState({ importJob: { ...s.importJob, phase: e.phase, done: e.done, total: e.total } });
      return;
    case 'import-done':
      if (s.importJob?.jobId !== e.jobId) return;
      useApp.setState({ importJob: null, importMessage: { kind: e.cancelled || e.dataset?.partial ? 'warn' : 'ok', text: e.message } });
      if (e.dataset) useApp.getState().setFilters({ dataset: e.dataset.id });
      useApp.getState().runPendingImport();
      return;
    case 'import-error':
      if (s.importJob?.jobId !== e.jobId) return;
      useApp.setState({ importJob: null, importMessage: { kind: 'error', text: e.message } });
      useApp.getState().runPendingImport();
      return;
    case 'search-result':
      if (e.reqId === s.searchReq) useApp.setState({ rows: e.rows, total: e.total });
      return;
    case 'instance':
      if (!isLatestGet(e.reqId)) return;
      if (!e.instance) {
        // A permalink's missing file has its own notice at the top of the live view, with an Import button.
        if (s.missingLink) useApp.setState({ instance: null, selectedKey: null, passage: '', question: '', prediction: null });
        else if (e.gone) s.addNotice(e.gone);
        return;
      }
      if (s.missingLink) useApp.setState({ missingLink: null });
      // Opening an instance puts its passage and question in the live view; the answer follows.
      // An entity type chosen for the last question that this one's answer is not follows it, and says so.
      {
        const retyped = typeForQuestion(s.renameOptions, e.instance);
        useApp.setState(retyped ? { renameOptions: retyped.options, renameNote: retyped.note } : { renameNote: null });
      }
      // "Allow no answer" follows the question's dataset unless the user set it (core/data/no-answer.ts).
      useApp.getState().setLiveNoAnswerData(e.noAnswer ?? null);
      useApp.setState({ instance: e.instance, passageAnswers: e.passageAnswers ?? null, passage: e.instance.context, question: e.instance.question, prediction: null, wikiTitle: e.instance.title, wikiEdits: null, wikiError: null, wikiApplied: null, wikiPair: null, noisePair: null, liveTrap: null, adversarialLive: null });
      return;
    case 'collected': {
      // Every experiment scores its questions with the Scoring select's metric (Auto: each question's language).
      const instances = withScoringLang(e.instances, s.scoringLang);
      if (s.receiveRobustCollected(e.reqId, instances, e.total, { versionTwo: e.versionTwo, versionTwoReason: e.versionTwoReason, datasets: e.datasets, pool: e.pool })) return;
      if (s.receiveParaphraseCollected(e.reqId, instances, e.total, { versionTwo: e.versionTwo, versionTwoReason: e.versionTwoReason, datasets: e.datasets })) return;
      s.receiveCollected(e.reqId, instances, e.total, { versionTwo: e.versionTwo, versionTwoReason: e.versionTwoReason, datasets: e.datasets, pool: e.pool, tags: e.tags });
      s.receiveTrapCollected(e.reqId, instances, e.total, { versionTwo: e.versionTwo, versionTwoReason: e.versionTwoReason, datasets: e.datasets });
      return;
    }
    case 'intent-saved':
      s.receiveIntentSaved(e.dataset, e.id, e.intent);
      return;
    case 'answer-type':
      s.receiveAnswerType(e.dataset, e.id, e.answerType, e.corrected);
      return;
    case 'pool':
      s.receivePool(e.reqId, e.dataset, e.pool);
      return;
    case 'scope-covered':
      s.receiveScopeCoverage(e.reqId, e.coverage);
      return;
    case 'scope-counted':
      s.receiveScopeCounts(e.reqId, { total: e.total, answerable: e.answerable, paired: e.paired, adversarial: e.adversarial });
      return;
    case 'wiki-progress':
      if (e.reqId === s.wikiReq) useApp.setState({ wikiProgress: { revisions: e.revisions, page: e.page, parsing: e.parsing } });
      return;
    case 'wiki-edits':
      if (e.reqId === s.wikiReq) useApp.setState({ wikiReq: null, wikiEdits: e.error ? null : e.edits, wikiError: e.error, wikiSkipped: e.skipped, wikiProgress: { revisions: e.revisions, page: 0 } });
      return;
    case 'storage':
      useApp.setState({ storage: e.report });
      return;
    case 'notice':
      s.addNotice(e.message);
      return;
    case 'runs':
      s.receiveRuns(e.runs);
      return;
    case 'run-saved':
      s.receiveRunSaved(e.id, e.error);
      return;
    case 'run':
      s.receiveRun(e.reqId, e.id, e.payload);
      return;
    case 'error':
      useApp.setState({ dataError: e.message });
      return;
    default: {
      const never: never = e;
      void never;
    }
  }
}
