/**
 * Issue 38.3 in the store: the user's category rule (default the released script's, Wu et al. 2025)
 * reaches the live renaming, Find a failure and the batch renaming runs, and switching it
 * re-categorises the live renaming shown from its kept scores (a partly right answer: partial ↔ C2W).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetStore, useApp } from './helpers/store.ts';
import type { LiveRename } from '../../src/core/entity/live.ts';

beforeEach(() => resetStore());

/** A live renaming answered right on the original and partly right (F1 0.67) on the renamed passage, categorised partial. */
const partly = { originalScore: { em: 1, f1: 1 }, perturbedScore: { em: 0, f1: 2 / 3 }, category: 'partial' } as LiveRename;

describe('the category rule in the store (Wu et al. 2025 script rule by default)', () => {
  it('starts with the script rule', () => expect(useApp.getState().categoryRule).toBe('script'));

  it.each([
    { rule: 'em' as const, want: 'C2W' },
    { rule: 'script' as const, want: 'partial' },
  ])('switching to the $rule rule makes the live renaming $want without a model call', ({ rule, want }) => {
    useApp.setState({ rename: partly, categoryRule: rule === 'em' ? 'script' : 'em' });
    useApp.getState().setCategoryRule(rule);
    expect(useApp.getState().rename?.category).toBe(want);
  });

  it('an unanswered renaming stays as it is', () => {
    const none = { originalScore: null, perturbedScore: null, category: null } as LiveRename;
    useApp.setState({ rename: none });
    useApp.getState().setCategoryRule('em');
    expect(useApp.getState().rename).toBe(none);
  });
});
