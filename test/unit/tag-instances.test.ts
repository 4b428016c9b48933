/** A loaded NER tagger over a run's questions (issue 24.8): file spans and types win, each passage is tagged once. */
import { describe, expect, it } from 'vitest';
import { tagInstances } from '../../src/core/ner/tag-instances.ts';
import type { TaggedSpan } from '../../src/core/ner/file-entities.ts';

const span: TaggedSpan = { type: 'GPE', start: 0, end: 5 };

describe('tagInstances', () => {
  it('tags each English passage once; a file’s own spans and answer types win, the import’s built-in guess gives way', async () => {
    const seen: string[] = [];
    const tag = async (t: string) => (seen.push(t), [span]);
    const own: TaggedSpan[] = [];
    const r = await tagInstances(
      [
        { id: 'a', context: 'Paris is big.', lang: 'en' },
        { id: 'b', context: 'Paris is big.', lang: 'en', answerType: 'PER', answerTypeBy: 'builtin' as const },
        { id: 'c', context: 'Paris is big.', lang: 'en', answerType: 'PER' },
        { id: 'd', context: 'Rome.', lang: 'en', entities: own },
        { id: 'e', context: '巴黎很大。', lang: 'zh' },
      ],
      tag,
    );
    expect(seen).toEqual(['Paris is big.']);
    expect(r.passages).toBe(1);
    expect(r.instances.map((x) => [x.id, x.entities, 'answerType' in x ? x.answerType : '-', 'answerTypeBy' in x])).toEqual([
      ['a', [span], '-', false],
      ['b', [span], '-', false],
      ['c', [span], 'PER', false],
      ['d', own, '-', false],
      ['e', undefined, '-', false],
    ]);
  });

  it('stops at an abort', async () => {
    const ctrl = new AbortController();
    const r = await tagInstances([{ context: 'x', lang: 'en' }, { context: 'y', lang: 'en' }], async () => (ctrl.abort(), []), ctrl.signal);
    expect(r.instances).toHaveLength(1);
  });
});
