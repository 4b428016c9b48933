/**
 * A dataset's content hash: SHA-256 over its questions (id, question, passage, gold answers) in
 * file order, independent of the name and the id it was stored under, so a permalink can find the
 * same data imported again under another id, e.g. 'c3f1…' (first 16 hex digits).
 */
import type { Instance } from './types.ts';

/** The questions' content as one string (what the hash covers). */
export const contentText = (instances: readonly Pick<Instance, 'id' | 'question' | 'context' | 'answers'>[]): string =>
  JSON.stringify(instances.map((i) => [i.id, i.question, i.context, i.answers.map((a) => [a.text, a.start])]));

/** The first 16 hex digits of SHA-256 over contentText (Web Crypto: browsers, workers, Node 20+). */
export async function contentHash(instances: readonly Pick<Instance, 'id' | 'question' | 'context' | 'answers'>[]): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(contentText(instances)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 16);
}
