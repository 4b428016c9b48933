/**
 * `perturb trap`'s SQuAD file written one trapped paragraph at a time: each question has its own
 * copy of its passage with its own trap sentence (as in Adversarial SQuAD), so 2,000 questions of a
 * 1 MB passage are 2 GB of output that must never be held at once (issue 40.2). The bytes are those
 * of writeJsonFile(path, trapsToSquad(items, config, versionTwo), 1).
 */
import type { TrapConfig, TrapItem } from '../core/trap/experiment.ts';
import { trapsToSquad } from '../core/trap/export.ts';
import { TextSink } from './json-out.ts';

/** JSON.stringify(value, null, 1) as it appears nested `level` deep in an indent-1 file. */
const at = (value: unknown, level: number): string => JSON.stringify(value, null, 1).replaceAll('\n', `\n${' '.repeat(level)}`);

/** The runs of items that make one paragraph: next to each other, same title, same trapped passage. */
function* paragraphRuns(items: Iterable<TrapItem>): Generator<TrapItem[]> {
  let run: TrapItem[] = [];
  for (const item of items) {
    const last = run[0];
    if (last && (last.inst.title !== item.inst.title || last.variant.context !== item.variant.context)) {
      yield run;
      run = [];
    }
    run.push(item);
  }
  if (run.length) yield run;
}

/** Writes the trapped questions (all answerable) to `path`, consuming `items` as it goes. */
export function writeTrapSquad(path: string, items: Iterable<TrapItem>, config: TrapConfig & { sentence?: string }, versionTwo?: boolean): void {
  const sink = new TextSink(path);
  try {
    const head = trapsToSquad([], config, versionTwo);
    sink.write(`{\n "version": ${JSON.stringify(head.version)},\n "data": [`);
    let title: string | null = null;
    let first = true;
    for (const run of paragraphRuns(items)) {
      const p = trapsToSquad(run, config, versionTwo).data[0]?.paragraphs[0];
      const t = run[0]?.inst.title ?? '';
      if (title !== t) {
        if (title !== null) sink.write('\n   ]\n  }');
        sink.write(`${title === null ? '' : ','}\n  {\n   "title": ${JSON.stringify(t)},\n   "paragraphs": [`);
        title = t;
        first = true;
      }
      sink.write(`${first ? '' : ','}\n    ${at(p, 4)}`);
      first = false;
    }
    sink.write(title === null ? ']' : '\n   ]\n  }\n ]');
    sink.write(`,\n "perturbation": ${at(head.perturbation, 1)}\n}\n`);
  } finally {
    sink.close();
  }
}
