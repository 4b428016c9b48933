/**
 * Issue 42.2 (h14): the fresh GPE sample bench:entity-tagger scores the tagger on holds keys and
 * types only (no passage or answer text in the repository), every key from a named source, and
 * names the commit its rules were frozen at before labelling.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sample = JSON.parse(readFileSync(new URL('../../scripts/data/gpe-fresh-sample.json', import.meta.url), 'utf8')) as {
  frozenAt: string;
  sources: Record<string, string>;
  labels: Record<string, string>;
};

describe('the fresh GPE sample', () => {
  it('is source:id:hash → GPE/none only, from its named sources, frozen at a commit', () => {
    expect(sample.frozenAt).toMatch(/^[0-9a-f]{40}$/);
    const keys = Object.keys(sample.labels);
    expect(keys.length).toBeGreaterThanOrEqual(150);
    for (const k of keys) {
      const [source, id, hash, ...rest] = k.split(':');
      expect(rest, k).toEqual([]);
      expect(Object.keys(sample.sources), k).toContain(source);
      expect(id, k).toMatch(/^[\w-]{1,40}$/);
      expect(hash, k).toMatch(/^[0-9a-f]{8}$/);
      expect(['GPE', 'none'], k).toContain(sample.labels[k]);
    }
    expect(new Set(Object.values(sample.labels))).toEqual(new Set(['GPE', 'none']));
  });
});
