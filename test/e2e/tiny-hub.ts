/**
 * A second model for the multi-model e2e suites: the tiny random-weight DistilBERT of
 * scripts/make-bench-model.ts (its answers differ from the shipped model's), built into a temp
 * directory and served by the mock Hub under the id TINY.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { makeBenchModel, TINY_SHAPE } from '../../scripts/make-bench-model.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';
import { ready } from './harness.ts';

/** The Hub id the tiny model is served under. */
export const TINY = 'qarx-test/tiny-distilbert';

/** Builds the tiny model in a temp dir named after `prefix` and serves it for the enclosing suite; both go after it. */
export function useTinyHub(prefix: string): { readonly url: string; readonly modelDir: string } {
  let tmp: string | undefined;
  let hub: MockHub | undefined;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), prefix));
    await makeBenchModel(join(tmp, 'tiny'), TINY_SHAPE, { log: () => {} });
    hub = await startMockHub({ [TINY]: join(tmp, 'tiny') });
  });
  afterAll(async () => {
    await hub?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });
  return {
    get url() {
      return ready(hub, "the tiny model's mock Hub").url;
    },
    get modelDir() {
      return join(ready(tmp, 'the tiny model'), 'tiny');
    },
  };
}
