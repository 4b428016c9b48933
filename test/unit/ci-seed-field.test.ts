/**
 * The CI seed field (issue 40.4): one text in the store for every card's field, validated by core's
 * parseSeed (as every other seed field and the CLI's seed flags); while it is not a seed, every Run
 * waits (ciSeedError) and the seed applied stays the last valid one, never silently used.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetStore, useApp } from './helpers/store.ts';
import { ciSeedError } from '../../src/app/store/ci-slice.ts';

beforeEach(() => resetStore());

describe('the CI seed field', () => {
  it.each([
    { typed: 'abc', error: 'CI seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "abc"', seed: 1 },
    { typed: '', error: 'CI seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got nothing', seed: 1 },
    { typed: '1e3', error: 'CI seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "1e3"', seed: 1 },
    { typed: '-4', error: 'CI seed must be a whole number from 0 to 9007199254740991 (2^53 − 1), got "-4"', seed: 1 },
    { typed: '42', error: null, seed: 42 },
    { typed: ' 7 ', error: null, seed: 7 },
  ])('"$typed": Run blocked by $error, seed applied $seed', ({ typed, error, seed }) => {
    useApp.setState({ ciSettings: { ...useApp.getState().ciSettings, seed: 1 } });
    useApp.getState().setCiSeedText(typed);
    const s = useApp.getState();
    expect(ciSeedError(s)).toBe(error);
    expect(s.ciSettings.seed).toBe(seed);
    expect(s.ciSeedText).toBe(error === null ? null : typed);
  });

  it('with intervals off a bad seed blocks nothing (it is not used), and blocks again when they are back on', () => {
    useApp.getState().setCiSeedText('abc');
    useApp.getState().setCiSettings({ on: false });
    expect(ciSeedError(useApp.getState())).toBeNull();
    useApp.getState().setCiSettings({ on: true });
    expect(ciSeedError(useApp.getState())).toMatch(/^CI seed must be/);
  });

  it('a valid seed typed after a bad one applies it and unblocks', () => {
    useApp.getState().setCiSeedText('abc');
    useApp.getState().setCiSeedText('9');
    expect([ciSeedError(useApp.getState()), useApp.getState().ciSettings.seed]).toEqual([null, 9]);
  });
});
