/** Spotting glossary terms in running text: the spellings the app wraps in help and the e2e check looks for. */
import { describe, expect, it } from 'vitest';
import { SPELLINGS, spellingOf, spotTerms } from '../../src/core/glossary/spot.ts';

describe('spotTerms', () => {
  it.each([
    ['InDistName drop', [{ id: 'indistname', text: 'InDistName' }, ' drop']],
    ['PER, ORG or GPE', [{ id: 'entity-types', text: 'PER' }, ', ', { id: 'entity-types', text: 'ORG' }, ' or ', { id: 'entity-types', text: 'GPE' }]],
    ['a Wrong Boundary', ['a ', { id: 'wrong-entity', text: 'Wrong Boundary' }]],
    // Jargon keeps its case: "per" and "Mix" are words, not PER and MIX; no match inside a longer word.
    ['two per question, Mix well, DBNames', ['two per question, Mix well, DBNames']],
    // The longest spelling wins: "SQuAD 2.0" is one term, not SQuAD and a number.
    ['allow (SQuAD 2.0)', ['allow (', { id: 'squad', text: 'SQuAD 2.0' }, ')']],
    ['EM/F1', [{ id: 'em', text: 'EM' }, '/', { id: 'f1', text: 'F1' }]],
  ])('%s', (text, pieces) => {
    expect(spotTerms(text)).toEqual(pieces);
  });

  it('leaves plain aliases out (worst, names, seed) and keeps the issue’s terms in', () => {
    const texts = SPELLINGS.map((s) => s.text);
    for (const t of ['InDistName', 'RandStr', 'DBName', 'MIX', 'PER', 'ORG', 'GPE', 'RESEMBLE', 'wrong entity', 'wrong boundary']) expect(texts).toContain(t);
    for (const t of ['worst', 'names', 'seed', 'drop', 'B', 'p']) expect(texts).not.toContain(t);
    expect(spellingOf('mix')).toBeUndefined();
    expect(spellingOf('Revision Pairs')?.id).toBe('revision-pair');
  });
});
