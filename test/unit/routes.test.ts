import { describe, expect, it } from 'vitest';
import { EXPERIMENT_PATHS, experimentOf, parseRoute, routeHash, SECTIONS } from '../../src/app/shell/routes.ts';
import { routeOfUrl } from '../../src/app/store/nav-slice.ts';

describe('hash routes', () => {
  it.each([
    ['#/data', { section: 'data', experiment: null }],
    ['#/models', { section: 'models', experiment: null }],
    ['#/live', { section: 'live', experiment: null }],
    ['#/experiments', { section: 'experiments', experiment: null }],
    ['#/validate', { section: 'validate', experiment: null }],
    ['#/experiments/entity/sweep', { section: 'experiments', experiment: 'entity/sweep' }],
    ['#/experiments/stability/traps/', { section: 'experiments', experiment: 'stability/traps' }],
  ])('%s is a route', (hash, want) => {
    expect(parseRoute(hash)).toEqual(want);
  });

  it.each(['', '#', '#question-input', '#v1=N4Ig', '#/nowhere', '#/experiments/entity/nothing', '#/experiments/entity', '#/data/extra'])('%s is not a route', (hash) => {
    expect(parseRoute(hash)).toBeNull();
  });

  it('a permalink or no hash is the live view (old links keep opening there)', () => {
    expect(routeOfUrl('#v1=N4IgLg')).toEqual({ section: 'live', experiment: null });
    expect(routeOfUrl('')).toEqual({ section: 'live', experiment: null });
  });

  it('every section and experiment round-trips through its hash', () => {
    for (const section of SECTIONS) expect(parseRoute(routeHash({ section, experiment: null }))).toEqual({ section, experiment: null });
    for (const path of EXPERIMENT_PATHS) {
      expect(experimentOf(path)).not.toBeNull();
      expect(parseRoute(routeHash({ section: 'experiments', experiment: path }))).toEqual({ section: 'experiments', experiment: path });
    }
  });

  it('groups the experiments by the question they answer, in the order a newcomer meets them', () => {
    expect(EXPERIMENT_PATHS.map((p) => p.split('/')[0]).filter((g, i, a) => a.indexOf(g) === i)).toEqual(['entity', 'natural', 'sensitivity', 'stability', 'generalization', 'audit']);
  });
});
