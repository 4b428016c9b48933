/**
 * A dataset's entity tags, kept for as long as the dataset is: compromise's entities of each
 * passage and the type of each gold answer. Tagging is a pure function of the text, so a sweep
 * that reads them here (once per dataset, not once per cell, seed or source) gets the bytes it
 * would have computed. The CLI keeps a store on disk under its cache directory, the app in
 * IndexedDB at import; without one, spans.ts keeps a few recent taggings only.
 */
import type { AnswerEntityType } from '../data/types.ts';
import type { Entity } from './options.ts';

export type { Entity };

/** Tags by text: passage (or question) entities, and answer types by passage then `start:answer`. */
export interface TagStore {
  passages: Map<string, readonly Entity[]>;
  answers: Map<string, Map<string, AnswerEntityType>>;
  /** Set when a tagging was added since the store was created or loaded (so a cache is rewritten). */
  dirty: boolean;
}

/** Bump when tagging changes in a way the code hash of a cache key would not catch (the format). */
export const TAG_FORMAT = 2;

let active: TagStore | null = null;

/** An empty store, e.g. useTagStore(newTagStore()) before a sweep. */
export function newTagStore(): TagStore {
  return { passages: new Map(), answers: new Map(), dirty: false };
}

/** Makes `store` the one taggings are read from and added to (null: none, the default). */
export function useTagStore(store: TagStore | null): void {
  active = store;
}

/** The store in use, if any. */
export function activeTagStore(): TagStore | null {
  return active;
}

/**
 * Runs `job` with a store in use: the one already in use, else `store`, else a fresh one for the
 * job alone (a sweep then tags each passage once, not once per cell); the previous one is restored.
 */
export async function withTagStore<T>(job: () => Promise<T>, store?: TagStore): Promise<T> {
  if (active && !store) return job();
  const before = active;
  active = store ?? newTagStore();
  try {
    return await job();
  } finally {
    active = before;
  }
}

/** A passage's stored entities, or undefined when it was never tagged. */
export function storedEntities(text: string): readonly Entity[] | undefined {
  return active?.passages.get(text);
}

/** Keeps a passage's entities in the store in use (nothing without one). */
export function storeEntities(text: string, entities: readonly Entity[]): void {
  if (!active) return;
  active.passages.set(text, entities);
  active.dirty = true;
}

/** `start:answer`, with the question's expected type after a control character when the typing heard one (name-rules.ts). */
const answerKey = (answer: string, start: number | undefined, cue?: string) => `${start ?? ''}:${answer}${cue ? `\u0001${cue}` : ''}`;

/** An answer's stored type in a passage ('' for no passage), or undefined. */
export function storedAnswerType(context: string, answer: string, start: number | undefined, cue?: string): AnswerEntityType | undefined {
  return active?.answers.get(context)?.get(answerKey(answer, start, cue));
}

/** Keeps an answer's type in the store in use (nothing without one). */
export function storeAnswerType(context: string, answer: string, start: number | undefined, type: AnswerEntityType, cue?: string): void {
  if (!active) return;
  let m = active.answers.get(context);
  if (!m) active.answers.set(context, (m = new Map()));
  m.set(answerKey(answer, start, cue), type);
  active.dirty = true;
}

/** A store as plain JSON-able data: [text, entities] and [passage, [key, type][]] pairs. */
export interface TagStoreData {
  passages: [string, readonly Entity[]][];
  answers: [string, [string, AnswerEntityType][]][];
}

/** The store's contents as plain data (for a file or IndexedDB). */
export function tagStoreData(store: TagStore): TagStoreData {
  return { passages: [...store.passages], answers: [...store.answers].map(([c, m]) => [c, [...m]]) };
}

/** A store from plain data, merged into `into` when given (not dirty: it holds what was saved). */
export function tagStoreFrom(data: TagStoreData, into: TagStore = newTagStore()): TagStore {
  for (const [t, e] of data.passages) into.passages.set(t, e);
  for (const [c, pairs] of data.answers) {
    let m = into.answers.get(c);
    if (!m) into.answers.set(c, (m = new Map()));
    for (const [k, v] of pairs) m.set(k, v);
  }
  return into;
}
