/**
 * A dataset's content hash: SHA-256 over its questions (id, question, passage, gold answers) in
 * file order, independent of the name and the id it was stored under, so a permalink can find the
 * same data imported again under another id, e.g. 'c3f1…' (first 16 hex digits). Each distinct
 * passage enters once and its questions name it by number: a 1 MB passage asked 2,000 questions
 * is 1 MB of text to hash, not 2 GB (past V8's longest string, "Invalid string length"; issue 40.2).
 */
import type { Instance } from './types.ts';

/** The questions' content as one string (what the hash covers): the distinct passages in first-seen order, then each question with its passage's number. */
export function contentText(instances: readonly Pick<Instance, 'id' | 'question' | 'context' | 'answers'>[]): string {
  const number = new Map<string, number>();
  const questions = instances.map((i) => {
    let k = number.get(i.context);
    if (k === undefined) number.set(i.context, (k = number.size));
    return [i.id, i.question, k, i.answers.map((a) => [a.text, a.start])];
  });
  return JSON.stringify({ passages: [...number.keys()], questions });
}

/** SHA-256 of a text's UTF-8 bytes in hex (Web Crypto: browsers, workers, Node 20+). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The first 16 hex digits of SHA-256 over contentText. */
export async function contentHash(instances: readonly Pick<Instance, 'id' | 'question' | 'context' | 'answers'>[]): Promise<string> {
  return (await sha256Hex(contentText(instances))).slice(0, 16);
}
