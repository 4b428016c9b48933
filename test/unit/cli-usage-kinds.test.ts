/** `qarx --help` and docs/cli.md name every synthetic-noise kind the tool runs (Wu et al. 2025 App. K: 13), from the one registry. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOISE_KINDS } from '../../src/core/natural/noise-kinds.ts';
import { USAGE, wrapIndented } from '../../src/cli/qarx.ts';

/** The comma-separated kinds after "App. K:" up to the next ';' or ')', e.g. 'App. K: a, b; x' → ['a', 'b']. */
const listed = (text: string): string[] => (/App\. K: ([^;)]*)/.exec(text.replace(/\s+/g, ' '))?.[1] ?? '').split(',').map((k) => k.trim().replace(/`/g, ''));

describe('the synthetic-noise kinds shown are the kinds the tool runs (Wu et al. 2025 App. K)', () => {
  it('the registry holds the 13 methods', () => expect(NOISE_KINDS).toHaveLength(13));

  it('qarx --help lists every kind of NOISE_KINDS, in its order, and says how many', () => {
    const block = USAGE.slice(USAGE.indexOf('qarx perturb synthetic'), USAGE.indexOf('qarx perturb paraphrase'));
    expect(listed(block)).toEqual([...NOISE_KINDS]);
    expect(block).toContain(`${NOISE_KINDS.length} kinds`);
  });

  it('docs/cli.md lists the same kinds for perturb synthetic', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'cli.md'), 'utf8');
    const block = doc.slice(doc.indexOf('- `perturb synthetic'), doc.indexOf('- `perturb paraphrase'));
    expect(listed(block)).toEqual([...NOISE_KINDS]);
  });

  it.each([
    { text: 'a b c', width: 100, out: '      a b c' },
    // 6 spaces + 'aaaa bbbb' = 15 > 14: the second word goes on a new line.
    { text: 'aaaa bbbb cc', width: 14, out: '      aaaa\n      bbbb cc' },
    { text: '  ', width: 100, out: '' },
  ])('wrapIndented($text, $width)', ({ text, width, out }) => expect(wrapIndented(text, width)).toBe(out));

  it('no usage line of the kinds block is wider than 100 columns', () => {
    const block = USAGE.slice(USAGE.indexOf('qarx perturb synthetic'), USAGE.indexOf('qarx perturb paraphrase'));
    for (const line of block.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});
