/** The Scoring select survives a reload: saved under qarx.scoring.v1, anything unreadable is Auto. */
import { describe, expect, it } from 'vitest';
import { loadScoringLang, saveScoringLang, SCORING_KEY } from '../../src/app/store/scoring.ts';

/** A Map-backed stand-in for localStorage. */
function memory(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('Scoring choice storage', () => {
  it.each([
    { name: 'nothing saved', saved: {} as Record<string, string>, want: 'auto' },
    { name: 'English saved', saved: { [SCORING_KEY]: 'en' }, want: 'en' },
    { name: 'Chinese saved', saved: { [SCORING_KEY]: 'zh' }, want: 'zh' },
    { name: 'an unknown value', saved: { [SCORING_KEY]: 'fr' }, want: 'auto' },
    { name: 'an empty value', saved: { [SCORING_KEY]: '' }, want: 'auto' },
  ])('$name → $want', ({ saved, want }) => expect(loadScoringLang(memory(saved))).toBe(want));

  it('round-trips a choice, and survives a store that throws', () => {
    const s = memory();
    saveScoringLang(s, 'zh');
    expect(loadScoringLang(s)).toBe('zh');
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(() => saveScoringLang(broken, 'en')).not.toThrow();
    expect(loadScoringLang(broken)).toBe('auto');
    expect(loadScoringLang(undefined)).toBe('auto');
  });
});
