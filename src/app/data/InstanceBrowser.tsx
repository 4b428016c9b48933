/** A searchable, filterable, virtualized list of every loaded question; arrow keys move, the live view follows. */
import { Term } from '../teach/Term.tsx';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { DEFAULT_FILTERS, rowKey } from '../store/data-slice.ts';
import { PAIR_CATEGORIES } from '../../core/natural/categories.ts';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';
import { DatasetSelect } from './DatasetSelect.tsx';
import { scrollToAnswerWhenOpen } from '../shell/phone.ts';
import { hubTypes, rowTag, type RowTag } from './row-tag.ts';
import { openQuestionHidden } from './open-hidden.ts';
import { datasetLabel } from '../shell/format.ts';
import { TAG_SOURCE_LABELS, TAG_SOURCE_SHORT } from '../../core/ner/file-answer-type.ts';

const ROW_HEIGHT = 58;


export function InstanceBrowser() {
  const rows = useApp((s) => s.rows);
  const total = useApp((s) => s.total);
  const query = useApp((s) => s.query);
  const filters = useApp((s) => s.filters);
  const listNote = useApp((s) => s.listNote);
  const selectedKey = useApp((s) => s.selectedKey);
  const { setQuery, setFilters, select } = useApp.getState();
  const hasPairs = useApp((s) => s.naturalRows.length > 0);
  const hub = useApp(hubTypes);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const selectedIndex = rows.findIndex((r) => rowKey(r) === selectedKey);
  const datasets = useApp((s) => s.datasets);
  const hidden = openQuestionHidden({ selectedKey, listed: selectedIndex >= 0, total, shown: rows.length, query, filters });

  useEffect(() => {
    if (selectedIndex >= 0) virtual.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtual]);

  const onKey = (e: KeyboardEvent) => {
    if (rows.length === 0) return;
    const step = e.key === 'ArrowDown' || e.key === 'j' ? 1 : e.key === 'ArrowUp' || e.key === 'k' ? -1 : e.key === 'PageDown' ? 10 : e.key === 'PageUp' ? -10 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(rows.length - 1, (selectedIndex < 0 ? -1 : selectedIndex) + step));
    select(rows[next]!);
  };

  return (
    <div className="browser" data-testid="instance-browser">
      <input className="search" type="search" aria-label="Search questions, passages and answers" placeholder="Search questions, passages, answers…" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div className="filters">
        <DatasetSelect label="Dataset" />
        <select aria-label="Answerable" value={filters.answerable} onChange={(e) => setFilters({ answerable: e.target.value as typeof filters.answerable })}>
          <option value="all">Answerable or not</option>
          <option value="answerable">Answerable</option>
          <option value="unanswerable">Unanswerable</option>
        </select>
        <Term k="entity-types">
          {(tip) => (
            <select aria-label="Answer entity type" aria-describedby={tip} value={filters.entity} onChange={(e) => setFilters({ entity: e.target.value as typeof filters.entity })}>
              <option value="all">Any answer type</option>
              <option value="PER">Person (PER)</option>
              <option value="ORG">Organization (ORG)</option>
              <option value="GPE">Place (GPE)</option>
              <option value="other">Other</option>
            </select>
          )}
        </Term>
        {/* The title says where the categories come from; the tip defines each of them. */}
        <Term k={PAIR_CATEGORIES}>
          {(tip) => (
            <select aria-label="Natural-perturbation category" aria-describedby={tip} value={filters.category} disabled={!hasPairs && filters.category === 'all'} title={hasPairs ? 'From the last revision-pair run (Experiments)' : 'Run the revision pairs in Experiments first'} onChange={(e) => setFilters({ category: e.target.value as typeof filters.category })}>
              <option value="all">Any category</option>
              {PAIR_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Term>
        <Term k="revision pair">
          {(tip) => (
            <label className="toggle">
              <input type="checkbox" aria-describedby={tip} checked={filters.revision === 'with-revision'} onChange={(e) => setFilters({ revision: e.target.checked ? 'with-revision' : 'all' })} /> has revision pair
            </label>
          )}
        </Term>
      </div>
      {listNote && (
        <Notice place="inline" tone="hint" testid="list-note" noticeKey={`list ${listNote}`} onDismiss={() => useApp.getState().dismissListNote()}>
          {listNote}
        </Notice>
      )}
      {hidden && (
        <p className="hint open-hidden" role="status" data-testid="open-hidden">
          The question open in Live is not in this list: {hidden.clearShows ? 'the search or filters hide it.' : `it is from ${datasetLabel(datasets, hidden.dataset)}, and the list shows ${datasetLabel(datasets, filters.dataset)}.`}{' '}
          {hidden.clearShows && (
            <button type="button" className="link" data-testid="open-hidden-clear" onClick={() => useApp.getState().clearSearch()}>
              Clear search and filters
            </button>
          )}
        </p>
      )}
      <div className="count" data-testid="result-count">
        {total === rows.length ? `${total.toLocaleString()} question${total === 1 ? '' : 's'}` : `showing ${rows.length.toLocaleString()} of ${total.toLocaleString()} — refine the search`}
      </div>
      {total === 0 && (query.trim() !== '' || JSON.stringify(filters) !== JSON.stringify(DEFAULT_FILTERS)) && (
        <div className="empty-result" role="status" data-testid="empty-result">
          <p>No question matches {query.trim() ? <>“{query.trim()}”</> : 'these filters'}{query.trim() && JSON.stringify(filters) !== JSON.stringify(DEFAULT_FILTERS) ? ' with these filters' : ''}. Try fewer words or a wider filter.</p>
          <button type="button" data-testid="reset-filters" onClick={() => useApp.getState().clearSearch()}>
            Clear search and filters{filters.dataset !== 'all' ? ' (keeps the dataset)' : ''}
          </button>
        </div>
      )}
      <div className="list" ref={scroller} tabIndex={0} role="listbox" aria-label="Questions" aria-activedescendant={selectedIndex >= 0 ? `row-${selectedIndex}` : undefined} onKeyDown={onKey}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => {
            const r = rows[v.index]!;
            const active = v.index === selectedIndex;
            return (
              <div
                key={rowKey(r)}
                id={`row-${v.index}`}
                role="option"
                aria-selected={active}
                className={`list-row${active ? ' active' : ''}`}
                data-testid="instance-row"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
                onClick={() => {
                  select(r);
                  scrollToAnswerWhenOpen(rowKey(r));
                }}
              >
                <div className="row-q" lang={r.lang}>
                  {r.question}
                </div>
                <div className="row-meta">
                  <span className="row-answer">{r.isImpossible ? 'unanswerable' : r.answer}</span>
                  <TagChip tag={rowTag(r, hub)} />
                  {r.hasRevision && <span className="tag" title="revision pair (edited passage)">rev</span>}
                  {r.hasParaphrase && <span className="tag" title="paraphrase of the question (the dataset's own)">para</span>}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * A question's answer tag and its source (issue 42.3), e.g. "GPE · built-in"; an answer that is no
 * entity shows only when someone chose that (a file or a correction), not for every built-in "none".
 */
function TagChip({ tag }: { tag: RowTag | null }) {
  if (!tag || (tag.type === 'other' && (tag.source === 'builtin' || tag.source === 'hub'))) return null;
  const name = tag.type === 'other' ? 'none' : tag.type;
  return (
    <span className={`tag tag-${tag.type}`} data-testid="row-tag" title={`answer entity ${name}, from the ${TAG_SOURCE_LABELS[tag.source]}`}>
      {name} <span className="tag-source">· {TAG_SOURCE_SHORT[tag.source]}</span>
    </span>
  );
}
