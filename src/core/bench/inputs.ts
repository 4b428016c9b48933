/** The inputs both benchmark sides time: the workload's originals and edited passages, in order. */
import type { QaInput } from '../types.ts';
import { benchWorkload } from './workload.ts';

/** The first `count` inputs of the benchmark run (original, edited, original, …), e.g. benchInputs(4). */
export function benchInputs(count: number): QaInput[] {
  const work = benchWorkload({ instances: Math.ceil(count / 2) });
  return work
    .flatMap((i) => [
      { id: `${i.id}#o`, question: i.question, context: i.context },
      { id: `${i.id}#e`, question: i.question, context: i.revision?.context ?? i.context },
    ])
    .slice(0, count);
}
