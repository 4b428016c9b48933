/**
 * Nested SQuAD JSON read as a stream of chunks, one article at a time, so a big file never sits
 * in memory whole (text plus parse tree is ~5× the file). It validates exactly as readSquadValue
 * does (same items, same issues, same paths); what it cannot read the same way — malformed JSON,
 * a root that is not {"version", "data": [...]}, a version after the articles, a key given twice, no article at all,
 * nesting beyond parseJson's limit —
 * ends in SquadStreamFallback, and the caller reads the file whole, which names the problem as usual.
 */
import type { NoAnswerData } from '../data/no-answer.ts';
import { JSONParser } from '@streamparser/json';
import { DepthScan } from './json.ts';
import { finishSquad, readArticle, rootVersion, squadState, type InputIssue, type QaItem, type SquadState } from './squad.ts';

/** The stream cannot be read like JSON.parse would: read the file whole instead (its message is the reason, for logs). */
export class SquadStreamFallback extends Error {}

/** One top-level part of a SQuAD file: its `version` value, or article `index` of `data`. */
export type SquadPart = { kind: 'version'; value: unknown } | { kind: 'article'; index: number; value: unknown };

/**
 * The top-level parts of a SQuAD JSON file given as chunks (UTF-8 bytes or text), in file order,
 * e.g. streamSquadParts(['{"version": "v2.0", "data": [{"title": …}]}']) → version, article 0.
 * Only one article is held at a time. Throws SquadStreamFallback on malformed JSON or when `data`
 * is not an array.
 */
export function* streamSquadParts(chunks: Iterable<string | Uint8Array>): Generator<SquadPart> {
  // Not '$.data' itself: a path to be emitted keeps everything under it (the whole file).
  const parser = new JSONParser({ paths: ['$.version', '$.data.*'], keepStack: false });
  let ready: SquadPart[] = [];
  parser.onValue = ({ value, key, parent, stack }) => {
    if (stack.length === 1 && key === 'version') ready.push({ kind: 'version', value });
    else if (stack.length === 2) {
      if (!Array.isArray(parent) || typeof key !== 'number') throw new SquadStreamFallback('"data" is not an array');
      ready.push({ kind: 'article', index: key, value });
    }
  };
  const step = (write: () => void) => {
    try {
      write();
    } catch (e) {
      throw e instanceof SquadStreamFallback ? e : new SquadStreamFallback(e instanceof Error ? e.message : String(e));
    }
  };
  let started = false;
  // parseJson's depth limit, so the stream accepts no file the app refuses (e.g. deep in an unread field).
  const depth = new DepthScan();
  for (const chunk of chunks) {
    let c = chunk;
    // A leading byte-order mark is what parseJson skips too.
    if (!started && (typeof c === 'string' ? c.length > 0 : c.length > 0)) {
      started = true;
      if (typeof c === 'string' && c.startsWith('\ufeff')) c = c.slice(1);
      else if (typeof c !== 'string' && c[0] === 0xef && c[1] === 0xbb && c[2] === 0xbf) c = c.subarray(3);
    }
    if (depth.push(typeof c === 'string' ? new TextEncoder().encode(c) : c)) throw new SquadStreamFallback('nested too deeply');
    step(() => parser.write(c));
    yield* ready;
    ready = [];
  }
  // The parser ends by itself after the root value; a file cut short never gets there.
  step(() => {
    if (!parser.isEnded) parser.end();
  });
  yield* ready;
}

/** What a streamed read found: the file's version and issues, and every valid question's id. */
export interface SquadStreamRead {
  version: 'v1.1' | 'v2.0';
  /** What the file says about no answer (data/no-answer.ts). */
  evidence: NoAnswerData;
  issues: InputIssue[];
  /** Every valid question's id, in file order. */
  ids: string[];
  /** The root's `version` as written (LooseVersion), for a second pass over the same file. */
  fileVersion: { version: string | undefined };
}

/**
 * Yields the valid questions of SQuAD JSON chunks, in file order, as readSquadValue reads the
 * whole text, and returns the version, issues and ids; throws SquadStreamFallback when the file
 * must be read whole (see the module comment). `fileVersion` (from a first pass) applies from the
 * first article on; without it a version written after the articles is a fallback.
 */
export function* squadStreamItems(chunks: Iterable<string | Uint8Array>, file: string, fileVersion?: { version: string | undefined }): Generator<QaItem, SquadStreamRead> {
  let state: SquadState | null = fileVersion ? squadState(fileVersion.version) : null;
  let version: { version: string | undefined } | null = null;
  let next = 0;
  const ids: string[] = [];
  for (const part of streamSquadParts(chunks)) {
    if (part.kind === 'version') {
      if (version) throw new SquadStreamFallback('"version" given twice');
      version = rootVersion(part.value);
      if (!version) throw new SquadStreamFallback('"version" is not a version');
      if (state && !fileVersion) throw new SquadStreamFallback('"version" after the articles');
      continue;
    }
    if (part.index !== next++) throw new SquadStreamFallback('articles out of order');
    state ??= squadState(version?.version);
    const items: QaItem[] = [];
    readArticle(part.value, part.index, state, (item) => items.push(item));
    for (const item of items) {
      ids.push(item.id);
      yield item;
    }
  }
  // No article (no "data", an empty one, not SQuAD at all): the whole-file reader says what it is.
  if (next === 0 || !state) throw new SquadStreamFallback('no articles');
  return { ...finishSquad(state, file), ids, fileVersion: fileVersion ?? { version: version?.version } };
}

/** squadStreamItems without the questions: a first pass that keeps only ids and issues. */
export function readSquadStream(chunks: Iterable<string | Uint8Array>, file: string): SquadStreamRead {
  const it = squadStreamItems(chunks, file);
  for (let r = it.next(); ; r = it.next()) if (r.done) return r.value;
}
