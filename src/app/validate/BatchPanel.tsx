/** The open batch: the queue one card at a time with its progress, the files that go out and come back, and the agreement report. */
import { TermText } from '../teach/Term.tsx';
import { useApp } from '../store/index.ts';
import { downloadText } from '../shell/download.ts';
import { countOf } from '../../core/text/plural.ts';
import { ownFile } from './own-file.ts';
import { annotationFileToJson, batchToJson } from '../../core/validation/files.ts';
import { QueueCard } from './QueueCard.tsx';
import { ValidationReport } from './ValidationReport.tsx';
import type { OpenBatch } from '../store/validate-slice.ts';

/** The queue: progress, and the card at the annotator's position (or the end). */
function Queue({ o }: { o: OpenBatch }) {
  const cases = o.stored.batch.cases;
  const done = cases.filter((c) => o.own[c.id]).length;
  const at = Math.min(o.stored.position, cases.length);
  const c = cases[at];
  const { judge, goToCase } = useApp.getState();
  return (
    <div className="vq-queue">
      <div className="vq-progress">
        <label htmlFor="vq-progress-bar">
          {done} of {countOf(cases.length, 'case')} judged{c ? ` · case ${at + 1}` : ''}
        </label>
        <progress id="vq-progress-bar" max={cases.length} value={done} data-testid="vq-progress" />
      </div>
      {c ? (
        <QueueCard key={c.id} c={c} given={o.own[c.id]} position={at} total={cases.length} onJudge={(answer, kept) => void judge(c.id, answer, kept, at + 1)} onBack={() => void goToCase(Math.max(0, at - 1))} />
      ) : (
        <p className="hint" data-testid="vq-done">
          Every case has been through the queue.{' '}
          <button type="button" className="small" data-testid="vq-again" onClick={() => void goToCase(0)}>
            Go over them again from case 1
          </button>
          {done < cases.length ? (
            <>
              {' '}
              <button type="button" className="small" onClick={() => void goToCase(cases.findIndex((x) => !o.own[x.id]))}>
                Go to the first case not judged
              </button>
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}

/** The files: the batch for other annotators, this annotator's file, and the files others send back. */
function Files({ o }: { o: OpenBatch }) {
  const annotator = useApp((s) => s.annotator);
  const own = ownFile(o, annotator);
  const read = async (list: FileList | null) => {
    const files = await Promise.all([...(list ?? [])].map(async (f) => ({ name: f.name, text: await f.text() })));
    await useApp.getState().importAnnotations(files);
  };
  return (
    <section className="card" aria-labelledby="vq-files-title" data-testid="vq-files">
      <h3 id="vq-files-title">Annotators and files</h3>
      <label className="field">
        Your name as annotator
        <input type="text" value={annotator} placeholder="e.g. Ana" data-testid="vq-annotator" onChange={(e) => useApp.getState().setAnnotator(e.target.value)} />
      </label>
      <div className="row wrap">
        <button type="button" data-testid="vq-export-batch" onClick={() => downloadText(`${o.stored.batchId}.batch.json`, batchToJson(o.stored.batch))}>
          Export the batch file (cases only, no model answers)
        </button>
        <button type="button" data-testid="vq-export-own" disabled={own.annotations.length === 0} onClick={() => downloadText(`${o.stored.batchId}.${own.annotator.replace(/[^\w.-]+/g, '_')}.annotations.json`, annotationFileToJson(own))}>
          Export your annotations ({own.annotations.length})
        </button>
        <label className="file-btn file-pick">
          Import annotation files…
          <input type="file" multiple accept=".json,application/json" data-testid="vq-import" onChange={(e) => void read(e.target.files).then(() => (e.target.value = ''))} />
        </label>
      </div>
      {o.imported.length > 0 && (
        <ul className="vq-sources" data-testid="vq-imported">
          {o.imported.map((f) => (
            <li key={f.key} data-testid="vq-imported-item">
              <span>
                {f.annotator}: {countOf(f.file.annotations.length, 'judgement')} ({f.fileName})
              </span>{' '}
              <button type="button" className="small" onClick={() => void useApp.getState().removeImported(f.key)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function BatchPanel() {
  const o = useApp((s) => s.openBatch);
  if (!o) return null;
  const src = o.stored.batch.source;
  return (
    <div className="vq-batch" data-testid="vq-batch">
      <div className="row wrap vq-batch-head">
        <h3 data-testid="vq-batch-title">
          <TermText text={o.stored.title} />
        </h3>
        <button type="button" className="small" data-testid="vq-close" onClick={() => useApp.getState().closeBatch()}>
          All batches
        </button>
      </div>
      <p className="hint">
        From {src.kind} · {src.model} · {src.datasets.join(' + ')} · {src.draw === 'broken' ? 'the run’s broken cases' : `a stratified sample of ${src.size ?? '?'}, seed ${src.seed ?? '?'}`}
      </p>
      <Queue o={o} />
      <Files o={o} />
      <ValidationReport o={o} />
    </div>
  );
}
