import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask, taskPoster } from '../../src/core/runtime/next-task.ts';

/** Resolves once `poster` has run a resume (a promise per post). */
const yieldWith = (poster: ReturnType<typeof taskPoster>) => new Promise<void>((resolve) => poster(resolve));

describe('nextTask: a yield that is a task, never a clamped timer (issue 44)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves after the microtasks queued before it and after a task queued before it', async () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('task queued first'));
    void Promise.resolve().then(() => seen.push('microtask'));
    await nextTask();
    seen.push('resumed');
    expect(seen).toEqual(['microtask', 'task queued first', 'resumed']);
  });

  it('uses a MessageChannel where there is no setImmediate (a browser worker): each yield resumes once, in order', async () => {
    vi.stubGlobal('setImmediate', undefined);
    const poster = taskPoster();
    const seen: string[] = [];
    const resumes = [1, 2, 3].map((k) => yieldWith(poster).then(() => seen.push(`resume ${k}`)));
    seen.push('posted');
    await Promise.all(resumes);
    expect(seen).toEqual(['posted', 'resume 1', 'resume 2', 'resume 3']);
  });

  it('falls back to setTimeout without either (still resolves)', async () => {
    vi.stubGlobal('setImmediate', undefined);
    vi.stubGlobal('MessageChannel', undefined);
    let resumed = false;
    await yieldWith(taskPoster()).then(() => (resumed = true));
    expect(resumed).toBe(true);
  });

  it('resolves many nested yields one after another (each a separate task)', async () => {
    let n = 0;
    for (let i = 0; i < 200; i++) {
      await nextTask();
      n++;
    }
    expect(n).toBe(200);
  });
});
