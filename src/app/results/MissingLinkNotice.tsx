/**
 * A permalink to a question of an imported dataset this browser does not have: at the top of the
 * live view, the dataset and file it needs (name, question count, content hash) and an Import
 * button; once a dataset with that content hash is imported, the link opens its question.
 */
import { useRef } from 'react';
import { countOf } from '../../core/text/plural.ts';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';

export function MissingLinkNotice() {
  const link = useApp((s) => s.missingLink);
  const importing = useApp((s) => s.importJob !== null);
  const input = useRef<HTMLInputElement>(null);
  if (!link) return null;
  const f = link.file;
  const pick = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    // Two files are a revision or paraphrase pair (original first), as the Datasets panel imports them.
    const ordered = [...list].sort((a, b) => Number(/perturb|new|edit|after|para/i.test(a.name)) - Number(/perturb|new|edit|after|para/i.test(b.name)));
    useApp.getState().startImport({ kind: 'files', files: ordered.map((x) => ({ name: x.name, blob: x })), pairs: ordered.length === 2 }, ordered.map((x) => x.name).join(' + '));
  };
  return (
    <Notice
      place="inline"
      tone="note"
      role="alert"
      className="missing-link"
      testid="missing-link"
      noticeKey={`missing-link ${link.id}`}
      onDismiss={() => useApp.setState({ missingLink: null })}
      actions={
        <>
          <button type="button" data-testid="missing-link-import" disabled={importing} onClick={() => input.current?.click()}>
            {importing ? 'Importing…' : 'Import…'}
          </button>
          <input ref={input} type="file" hidden accept=".json,.jsonl,.gz,.csv,.tsv" multiple data-testid="missing-link-file-input" aria-label="File to import for the link" onChange={(e) => pick(e.target.files)} />
        </>
      }
    >
      <strong>This link opens question {link.id} of a dataset that is not in this browser.</strong>{' '}
      {f ? (
        <>
          It needs <span data-testid="missing-link-file">“{f.name}” ({countOf(f.questions, 'question')}, content hash {f.hash})</span>. Import that file and the question opens; no other question is shown in its place.
        </>
      ) : (
        <>The link does not say which file it came from (made before links carried it): import the file it was made from, then open the link again.</>
      )}
    </Notice>
  );
}
