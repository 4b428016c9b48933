/**
 * Opening the Experiments section loads the experiments' code in the inference worker (name lists,
 * tagger, noise tables) while the user sets a run up, so Run does not wait for it (issue 29.1:
 * the in-app sweep). Seen at the server: the worker's entity chunk is asked for once the section
 * opens, and not before.
 */
import { describe, expect, it } from 'vitest';
import { openSection, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

describe('the experiments code', () => {
  it('loads when the Experiments section opens, before any run', async () => {
    const context = app.page.context();
    const entityChunk = (path: string) => /\/assets\/entity-[\w-]+\.js$/.test(path);
    // Had anything loaded the chunk earlier, no request would come and the wait below would fail.
    const loaded = context.waitForEvent('request', { predicate: (r) => entityChunk(new URL(r.url()).pathname), timeout: 120_000 });
    await openSection(app.page, 'experiments');
    await loaded;
    expect(app.errors).toEqual([]);
  }, 180_000);
});
