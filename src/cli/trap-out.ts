/**
 * `perturb trap`'s SQuAD file written one trapped paragraph at a time: each question has its own
 * copy of its passage with its own trap sentence (as in Adversarial SQuAD), so 2,000 questions of a
 * 1 MB passage are 2 GB of output that must never be held at once (issue 40.2). The passage is
 * read once, not once per question: its code points are indexed once and its JSON encoded once,
 * and each trapped copy is written as the passage's bytes around the trap's (variant.splice), its
 * offsets shifted by the trap. The bytes are those of writeJsonFile(path, trapsToSquad(items,
 * config, versionTwo), 1). The file appears whole or not at all (a failure leaves nothing).
 */
import type { TrapConfig, TrapItem } from '../core/trap/experiment.ts';
import { trapQa, trapSettings } from '../core/trap/export.ts';
import { codePointMapper, mapperFor, splicedMapper, type CodePointMapper } from '../core/text/codepoints.ts';
import { EncodedJsonString } from './json-splice.ts';
import { TextSink } from './json-out.ts';

/** JSON.stringify(value, null, 1) as it appears nested `level` deep in an indent-1 file. */
const at = (value: unknown, level: number): string => JSON.stringify(value, null, 1).replaceAll('\n', `\n${' '.repeat(level)}`);

/** The splice that made the item's trap passage from its passage, when the variant records one that fits. */
function spliceOf({ inst, variant }: TrapItem): { at: number; text: string } | null {
  const s = variant.splice;
  return s && variant.context.length === inst.context.length + s.text.length ? s : null;
}

/**
 * Whether two questions' trap passages are one paragraph: the same passage with the same text at
 * the same place, compared without building either 1 MB copy (the copies themselves are compared
 * only where a variant does not say how it was made, e.g. a dataset's own trap variants).
 */
function sameTrapPassage(a: TrapItem, b: TrapItem): boolean {
  const [sa, sb] = [spliceOf(a), spliceOf(b)];
  if (sa && sb) return sa.at === sb.at && sa.text === sb.text && a.inst.context === b.inst.context;
  return a.variant.context === b.variant.context;
}

/** Whether two questions are of one article, as instancesToSquad groups them (same title, same source article). */
const sameArticle = (a: TrapItem, b: TrapItem): boolean => a.inst.title === b.inst.title && a.inst.article === b.inst.article;

/** The runs of items that make one paragraph: next to each other, same article, same trap passage. */
function* paragraphRuns(items: Iterable<TrapItem>): Generator<TrapItem[]> {
  let run: TrapItem[] = [];
  for (const item of items) {
    const last = run[0];
    if (last && (!sameArticle(last, item) || !sameTrapPassage(last, item))) {
      yield run;
      run = [];
    }
    run.push(item);
  }
  if (run.length) yield run;
}

/** What is known of the passage being trapped: its code points and its JSON, each computed once when first needed. */
class PassageIndex {
  private text: string | null = null;
  private map: CodePointMapper | null = null;
  private json: EncodedJsonString | null = null;

  /** The trap passage's code-point mapper and its JSON as pieces to write. */
  of(item: TrapItem): { cps: CodePointMapper; pieces: (string | Uint8Array)[] } {
    const s = spliceOf(item);
    if (!s) return { cps: mapperFor(item.variant.context), pieces: [JSON.stringify(item.variant.context)] };
    const base = item.inst.context;
    if (this.text !== base) [this.text, this.map, this.json] = [base, codePointMapper(base), new EncodedJsonString(base)];
    const cps = splicedMapper(base, this.map as CodePointMapper, s.at, s.text);
    return { cps, pieces: (this.json as EncodedJsonString).spliced(s.at, s.text) ?? [JSON.stringify(item.variant.context)] };
  }
}

/** Writes the trapped questions (all answerable) to `path`, consuming `items` as it goes. */
export function writeTrapSquad(path: string, items: Iterable<TrapItem>, config: TrapConfig & { sentence?: string }, versionTwo?: boolean): void {
  const sink = new TextSink(path);
  try {
    sink.write(`{\n "version": ${JSON.stringify(versionTwo === true ? 'v2.0' : 'v1.1')},\n "data": [`);
    const passages = new PassageIndex();
    let article: TrapItem | null = null;
    let first = true;
    for (const run of paragraphRuns(items)) {
      const head = run[0] as TrapItem;
      if (!article || !sameArticle(article, head)) {
        if (article) sink.write('\n   ]\n  }');
        sink.write(`${article ? ',' : ''}\n  {\n   "title": ${JSON.stringify(head.inst.title)},\n   "paragraphs": [`);
        article = head;
        first = true;
      }
      const { cps, pieces } = passages.of(head);
      sink.write(`${first ? '' : ','}\n    {\n     "context": `);
      for (const piece of pieces) sink.write(piece);
      sink.write(`,\n     "qas": ${at(run.map((item) => trapQa(item, cps, versionTwo === true)), 5)}\n    }`);
      first = false;
    }
    sink.write(article ? '\n   ]\n  }\n ]' : ']');
    sink.write(`,\n "perturbation": ${at(trapSettings(config), 1)}\n}\n`);
    sink.close();
  } finally {
    sink.abort();
  }
}
