/**
 * The memory check before loading a model: a model is refused, with a message saying why, when
 * its weights and those of the models already loaded would not fit in the memory budget.
 */
import { formatMiB } from '../text/bytes.ts';

/** MiB in bytes. */
const MB = 1024 * 1024;

/** ONNX Runtime Web's WASM build has a 32-bit heap: 4 GiB at most, shared by every WASM session. */
export const WASM_HEAP_MB = 4096;

/**
 * Memory a model needs while loaded, from its weights file: the downloaded bytes and the
 * session's own copy of the initialisers both live until loading ends, e.g. neededBytes(100) → 200.
 */
export const neededBytes = (weights: number): number => 2 * weights;

/**
 * The budget in MiB for models: the page's override when given, else half the device memory the
 * browser reports (navigator.deviceMemory, GiB, 4 when unknown), and never more than the WASM heap
 * on WASM, e.g. memoryBudgetMb('wasm', 16, null) → 4096, memoryBudgetMb('webgpu', 4, null) → 2048.
 */
export function memoryBudgetMb(device: 'webgpu' | 'wasm', deviceMemoryGb: number | null, overrideMb: number | null): number {
  if (overrideMb !== null && overrideMb > 0) return overrideMb;
  const half = ((deviceMemoryGb ?? 4) * 1024) / 2;
  return device === 'wasm' ? Math.min(WASM_HEAP_MB, half) : half;
}

/** The budget is counted in powers of two (MiB), so it is shown in MiB, e.g. mb(1.5 * 1024 * 1024) === '1.5 MiB'. */
const mb = formatMiB;

/**
 * Null when a model of `bytes` weights fits beside `others`, else the message to show. A model of
 * unknown size is not refused (the check cannot tell), e.g. memoryVerdict('m', 600·MB, [], 1000) → a message.
 */
export function memoryVerdict(id: string, bytes: number | null, others: readonly { id: string; bytes: number | null }[], budgetMb: number): string | null {
  if (bytes === null) return null;
  const used = others.reduce((a, o) => a + neededBytes(o.bytes ?? 0), 0);
  const need = neededBytes(bytes);
  if (used + need <= budgetMb * MB) return null;
  const loadedNote = others.length ? ` ${others.length} loaded model${others.length > 1 ? 's' : ''} (${others.map((o) => o.id).join(', ')}) ${others.length > 1 ? 'use' : 'uses'} about ${mb(used)}.` : '';
  return `Not loaded: "${id}" needs about ${mb(need)} while loading, and the memory left for models is ${mb(Math.max(0, budgetMb * MB - used))} of ${mb(budgetMb * MB)}.${loadedNote} Unload a model or pick a smaller precision (q8) first.`;
}
