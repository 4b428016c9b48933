/**
 * Issue 38.2: the app's "Export the renamed set" keeps the dataset's no-answer (SQuAD 2.0) decision,
 * as `qarx perturb entity` does: the store hands the worker the collected data's versionTwo.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyDataEvent, dataSent, lastOf, resetStore, useApp } from './helpers/store.ts';

const info = { id: 'm', label: 'm', kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype: 'q8', inputNames: ['input_ids'], fallbackReason: null };

beforeEach(() => {
  resetStore();
  useApp.setState({ model: info, modelStatus: 'ready' });
});

describe('export of the renamed set (issue 38.2: one no-answer decision per dataset)', () => {
  it.each([true, false])('sends the data\'s decision versionTwo = %s to the worker', (versionTwo) => {
    useApp.getState().start('export');
    const c = dataSent.filter((r) => r.type === 'collect').at(-1) as { reqId: number };
    applyDataEvent({ type: 'collected', reqId: c.reqId, instances: [], total: 2, versionTwo, versionTwoReason: versionTwo ? 'on: test' : 'off: test', datasets: ['demo'], pool: null } as never);
    expect(lastOf('export-renamed').versionTwo).toBe(versionTwo);
  });
});
