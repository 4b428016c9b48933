/** Which models are loaded, by key, and how the UI names them (A = primary, B, C … in load order). */
import { PRIMARY } from '../../worker/multi-protocol.ts';
import type { ModelInfo } from '../../worker/protocol.ts';
import type { AppState } from './index.ts';

/** Keys of every ready model, the primary first. */
export function readyKeys(s: Pick<AppState, 'model' | 'modelStatus' | 'addedModels'>): string[] {
  return [...(s.model ? [PRIMARY] : []), ...s.addedModels.filter((m) => m.status === 'ready').map((m) => m.key)];
}

/** The display facts of a model key: info and a letter (A = primary, B, C … in load order). */
export function modelOfKey(s: Pick<AppState, 'model' | 'addedModels'>, key: string): { info: ModelInfo | null; letter: string } {
  if (key === PRIMARY) return { info: s.model, letter: 'A' };
  const i = s.addedModels.findIndex((m) => m.key === key);
  return { info: s.addedModels[i]?.info ?? null, letter: String.fromCharCode(66 + Math.max(0, i)) };
}
