/**
 * Issue 40.2: the app's import types each answer without tagging its whole passage. compromise
 * reads a passage only for an answer whose type depends on the people the passage names (a lone
 * first name that is also a place, "Sydney"), and an answer text once however many
 * questions it answers; the types are those of tagging every passage first (hand-checked below,
 * and the same as before the change).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

// Every text compromise is asked to read, passed through unchanged.
const read = vi.hoisted(() => [] as string[]);
vi.mock('compromise', async (importOriginal) => {
  const real = (await importOriginal<{ default: ((t: string) => unknown) & Record<string, unknown> }>()).default;
  return { default: new Proxy(real, { apply: (target, self, args: [string]) => (read.push(args[0]), Reflect.apply(target, self, args)) }) };
});

import { bigPassageSquad } from '../../scripts/lib/big-passage.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { forgetRecentEntities } from '../../src/core/entity/spans.ts';
import { useTagStore } from '../../src/core/entity/tag-store.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';
import { classify } from '../../src/worker/import-job.ts';

afterEach(() => useTagStore(null));

/** The generator's one passage and its questions as the importer's instances (UTF-16 offsets: no astral characters). */
function bigPassage(chars: number, questions: number): Instance[] {
  const p = bigPassageSquad({ chars, questions }).data[0]?.paragraphs[0];
  return (p?.qas ?? []).map((qa) => ({ id: qa.id, dataset: '', title: 'Big passage', question: qa.question, context: p?.context ?? '', answers: qa.answers.map((a) => ({ text: a.text, start: a.answer_start })), isImpossible: false, lang: 'en', tags: [] }));
}

describe('typing at import reads only what it needs (issue 40.2)', () => {
  it('2,000 person answers of one 30,000-character passage: the passage is never tagged, each answer text at most once', () => {
    const xs = bigPassage(30_000, 2000);
    read.length = 0;
    forgetRecentEntities();
    const tags = classify(xs, 'big', () => undefined);
    expect(xs.every((x) => x.answerType === 'PER')).toBe(true);
    expect(read.filter((t) => t === xs[0]?.context)).toEqual([]);
    expect(tags.passages).toEqual([]);
    // At most once per answer text (the name rules decide most first names + surnames without compromise: issue 42).
    expect(read.length).toBeLessThanOrEqual(new Set(xs.map((x) => x.answers[0]?.text)).size);
    expect(new Set(read).size).toBe(read.length);
  });

  it.each([
    // passage, answer (its last occurrence), type, whether typing needed the passage's people
    { context: 'Sydney Smith wrote many essays. Sydney was a clergyman.', answer: 'Sydney', want: 'PER', tagged: true },
    { context: 'Sydney is a large city. It has a harbour.', answer: 'Sydney', want: 'GPE', tagged: true },
    { context: 'Charlotte is in North Carolina.', answer: 'Charlotte', want: 'GPE', tagged: true },
    { context: 'Austin Powers met Austin in the bar. Austin laughed.', answer: 'Austin', want: 'GPE', tagged: true },
    { context: 'Mrs Charlotte arrived in Boston.', answer: 'Charlotte', want: 'PER', tagged: false },
    { context: 'Mary Smith built the bridge of Paris.', answer: 'Mary Smith', want: 'PER', tagged: false },
    { context: 'The Eiffel Tower was finished in 1889.', answer: 'Eiffel', want: 'other', tagged: false },
  ])('"$answer" in "$context" → $want, passage tagged: $tagged', ({ context, answer, want, tagged }) => {
    read.length = 0;
    forgetRecentEntities();
    const start = context.lastIndexOf(answer);
    expect(answerTypeOf({ context, isImpossible: false, answers: [{ text: answer, start }] })).toBe(want);
    expect(read.includes(context)).toBe(tagged);
  });
});
