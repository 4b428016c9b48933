/**
 * Applies the edits of `qarx attack --json` to an original question and passage as a Python
 * script would (str slicing counts code points): each edit's changes from last to first, checking
 * that text[start:end] is what the change says it replaces.
 */
export interface CheckedChange {
  field: 'question' | 'context';
  start: number;
  end: number;
  from: string;
  to: string;
}

/** The texts after every edit, e.g. applyEdits({ question: 'Who?', context: 'Ann' }, [{ changes: [{ field: 'context', start: 0, end: 3, from: 'Ann', to: 'Bo' }] }]). */
export function applyEdits(original: { question: string; context: string }, edits: readonly { changes: readonly CheckedChange[] }[]): { question: string; context: string } {
  const t = { question: Array.from(original.question), context: Array.from(original.context) };
  for (const e of edits) {
    for (const c of [...e.changes].reverse()) {
      const cps = t[c.field];
      const was = cps.slice(c.start, c.end).join('');
      if (was !== c.from) throw new Error(`${c.field}[${c.start}:${c.end}] is ${JSON.stringify(was)}, not ${JSON.stringify(c.from)}`);
      cps.splice(c.start, c.end - c.start, ...Array.from(c.to));
    }
  }
  return { question: t.question.join(''), context: t.context.join('') };
}
