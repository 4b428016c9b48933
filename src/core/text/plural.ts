/** Counts with their noun in the right number, for every message that states how many. */

/** "1 question", "2 questions", "1,234 questions" (English digit grouping), e.g. countOf(1, 'question') === '1 question'; `many` for irregular plurals. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** "the question" or "the 3 questions", e.g. theCount(2, 'question') === 'the 2 questions'. */
export function theCount(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? `the ${one}` : `the ${countOf(n, one, many)}`;
}

/** "is" for one, "are" for any other count, e.g. isAre(0) === 'are'. */
export function isAre(n: number): string {
  return n === 1 ? 'is' : 'are';
}
