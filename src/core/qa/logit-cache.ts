/**
 * The window-logit cache. Logits depend on the window's token ids AND on what computed them: the
 * model (weights and tokenizer), its precision (fp32, fp16, q8) and the device (WASM and WebGPU
 * round differently). Every key therefore names all of these, so logits computed at one precision
 * or on one device never answer for another, even when one cache outlives a model switch.
 */

/** Logits of one window, each of the window's own length. */
export interface Logits {
  start: Float32Array;
  end: Float32Array;
}

/** What computed a set of logits: model id (with its source), dtype and device. */
export interface LogitScope {
  model: string;
  dtype: string;
  device: string;
  /** Where the model came from (Hub host, local folder …): two sources may share an id. */
  source?: string;
}

/** The scope scopeKey was last asked for, with its key. */
let lastScope: (Required<LogitScope> & { key: string }) | null = null;

/** The scope part of a cache key, e.g. scopeKey({ model: 'm', dtype: 'fp32', device: 'wasm' }) === '["m","fp32","wasm",""]'. */
export function scopeKey(s: LogitScope): string {
  const source = s.source ?? '';
  const l = lastScope;
  // Every cache get and set asks for it, almost always for the same scope: reuse the last key.
  if (l && l.model === s.model && l.dtype === s.dtype && l.device === s.device && l.source === source) return l.key;
  // JSON keeps the parts apart whatever characters an id holds.
  const key = JSON.stringify([s.model, s.dtype, s.device, source]);
  lastScope = { model: s.model, dtype: s.dtype, device: s.device, source, key };
  return key;
}


/** The scope of a loaded model, e.g. modelScope({ id: 'm', dtype: 'q8', device: 'wasm' }, 'hub') → { model: 'm', dtype: 'q8', device: 'wasm', source: 'hub' }. */
export function modelScope(m: { id: string; dtype: string; device: string }, source = ''): LogitScope {
  return { model: m.id, dtype: m.dtype, device: m.device, source };
}

/** A bounded map that forgets the least recently used entry first. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(k: string): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: string, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
}

/** Window logits keyed by scope (model, source, dtype, device) and the window's token ids. */
export class LogitCache {
  private readonly lru: Lru<Logits>;
  constructor(limit: number) {
    this.lru = new Lru(limit);
  }
  /** The full key of a window under a scope, e.g. LogitCache.key(scope, '101,2054,102'). */
  static key(scope: LogitScope, windowKey: string): string {
    return `${scopeKey(scope)}|${windowKey}`;
  }
  get(scope: LogitScope, windowKey: string): Logits | undefined {
    return this.lru.get(LogitCache.key(scope, windowKey));
  }
  set(scope: LogitScope, windowKey: string, logits: Logits): void {
    this.lru.set(LogitCache.key(scope, windowKey), logits);
  }
  get size(): number {
    return this.lru.size;
  }
  clear(): void {
    this.lru.clear();
  }
}
