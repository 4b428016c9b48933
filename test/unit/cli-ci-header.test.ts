/** The CLI's CI column titles name a Holm p only where the run has one (issue 39 §1: label adjusted p as such, never promise one that is absent). */
import { describe, expect, it } from 'vitest';
import { ciHeader } from '../../src/cli/ci.ts';

describe('ciHeader: "(Holm p)" only for a family of several tests (issue 39 §1)', () => {
  it.each([
    { family: 1, holm: false },
    { family: 2, holm: true },
    { family: 14, holm: true },
  ])('family of $family tests → Holm p in the title: $holm', ({ family, holm }) => {
    const h = ciHeader(family);
    expect(h.split('\t')).toHaveLength(5);
    expect(h.includes('Holm p')).toBe(holm);
    expect(h).toContain('drop F1 [CI] p');
  });
});
