/**
 * Every value that enters the model card is quoted (issue 40 §7): for arbitrary strings in every
 * field (audit, model, dataset, perturbation and unit names, settings keys and values, the Hub
 * config/split, the config path and results folder, the CI note), the front matter ends where the
 * card's YAML ends and reads back as the same values, and the Markdown holds no raw HTML from the
 * input, no table row an input can split, and no code block an input can close (CommonMark §4.5:
 * a closing fence is at least as long as the opening one).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { robustnessCard } from '../../src/core/audit/card.ts';
import { modelIndexOf } from '../../src/core/audit/card-index.ts';
import { mdCode, mdFence, mdText } from '../../src/core/audit/markdown.ts';
import { yamlString } from '../../src/core/audit/yaml.ts';
import { shellQuote } from '../../src/core/results/run-record.ts';
import { cardSummary, type SummaryParts } from '../support/card-summary.ts';

const NASTY = ['\n```\n<img src=x onerror=alert(1)>\n```\n', '---', '...', '| a | b |', '`', '````', '<script>alert(1)</script>', '&lt;b&gt;', '&#60;i&#62;', '\r', '\r\n', '\u2028', '\u0085', '\ufeff', '\u007f', '\u0000', "'", '"', '\\', '# h', '- x', '*x*', '[a](javascript:1)', ': ', ' #', '&', '~~~', '\ud800', 'n', 'yes', '<<', '1e-7', '@x', '!!str'];
/** Any string: arbitrary code points, or the cases that broke cards, glued together. */
const str = fc.oneof(fc.string({ unit: 'binary', maxLength: 24 }), fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 4 })), { maxLength: 5 }).map((xs) => xs.join('')));
/** A settings key: any string but "__proto__", which the `yaml` package's reader turns into a prototype (a reader's choice; the card writes it quoted as any key). */
const keyStr = str.filter((k) => k !== '__proto__');

const parts = fc.record({
  name: str, generated: str, model: str, dataset: str, variant: str, row: str,
  settings: fc.dictionary(keyStr, fc.oneof(str, fc.integer(), fc.boolean(), fc.array(str, { maxLength: 2 })), { maxKeys: 3 }),
});
const extra = fc.record({ config: str, out: str, hubConfig: str, hubSplit: str, note: str });

/** The card's front matter text (between the first line and the next line that is exactly ---, as the Hub splits it) and the rest. */
function split(text: string): { yaml: string; body: string } {
  const lines = text.split('\n');
  expect(lines[0]).toBe('---');
  const end = lines.indexOf('---', 1);
  return { yaml: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

/** The text outside code spans (CommonMark §6.1: a backtick run not backslash-escaped opens, the next run of the same length closes). */
function outsideCodeSpans(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    if (s[i] === '\\') {
      out += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    const run = /^`+/.exec(s.slice(i))?.[0];
    if (!run) {
      out += s[i++];
      continue;
    }
    const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
    close.lastIndex = i + run.length;
    const m = close.exec(s);
    if (m) i = m.index + run.length;
    else {
      out += run;
      i += run.length;
    }
  }
  return out;
}

/** The longest backtick run of a text. */
const longestTicks = (s: string): number => Math.max(0, ...(s.match(/`+/g) ?? []).map((r) => r.length));

describe('the card quotes every value (property)', () => {
  it('YAML reads back the same values; Markdown has no raw HTML, no split row, no closed fence', () => {
    fc.assert(
      fc.property(parts, extra, (p: Omit<SummaryParts, 'noOriginal'>, x) => {
        const s = cardSummary(p);
        const hub = new Map([[p.dataset, { id: 'rajpurkar/squad_v2', config: x.hubConfig, split: x.hubSplit }]]);
        const { text, problems } = robustnessCard(s, { hub, config: x.config, out: x.out, ciNote: () => x.note });
        const { yaml, body } = split(text);
        // The YAML: the same index as built, so every string (names, settings keys and values) came back as it was.
        const back = parse(yaml) as { 'model-index': unknown };
        const { index } = modelIndexOf(s, s.models[0]!, hub);
        expect(back['model-index']).toEqual(index);
        expect(index[0]?.name).toBe(p.model);
        expect(problems.every((q) => /must not be empty/.test(q))).toBe(true);
        // The reproduce block: one fence longer than any backtick run inside, holding the command as written.
        const command = `qarx audit --config ${shellQuote(x.config)} --out ${shellQuote(x.out)}`;
        const fence = mdFence(command, 'sh');
        expect(body.split(fence)).toHaveLength(2);
        expect(/^`+/.exec(fence)?.[0].length).toBeGreaterThan(longestTicks(command));
        const [before, after] = body.split(fence) as [string, string];
        expect(after).toBe('\n');
        // Outside code: no '<' at all (HTML comes as &lt;), and every & starts one of the entities written.
        const prose = outsideCodeSpans(before);
        expect(prose).not.toContain('<');
        expect(prose.match(/&(?!amp;|lt;|gt;|quot;)/g)).toBeNull();
        // The header and both rows have their 10 cells (… p raw, p Holm, mdd): no input adds a cell or a line.
        const rows = before.split('\n').filter((l) => l.startsWith('| '));
        expect(rows).toHaveLength(3);
        for (const r of rows) expect(outsideCodeSpans(r).match(/(?<!\\)\|/g)).toHaveLength(11);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the quoting helpers', () => {
  it.each([
    ['a|<b>\n', 'a\\|&lt;b&gt;\\\\n'],
    ['&lt;', '&amp;lt;'],
    ['*x* [a](b)', '\\*x\\* \\[a\\]\\(b\\)'],
  ])('mdText(%j) === %j', (s, want) => expect(mdText(s)).toBe(want));

  it.each([
    ['a', '`a`'],
    ['a`b', '``a`b``'],
    ['`a', '`` `a ``'],
    ['x\ny', '`x\\ny`'],
  ])('mdCode(%j) === %j', (s, want) => expect(mdCode(s)).toBe(want));

  it('mdFence: a body with a ``` line stays inside a longer fence', () => expect(mdFence('a\n```\nb')).toBe('````\na\n```\nb\n````'));

  it.each([
    ['a"b\nc', '"a\\"b\\nc"'],
    ['\u007f\u0085\u2028\ufeff', '"\\x7F\\x85\\u2028\\uFEFF"'],
    ['😀 é', '"😀 é"'],
  ])('yamlString(%j) === %j', (s, want) => expect(yamlString(s)).toBe(want));
});
