/** Device, precision and load time of the active model, always visible in the header. */
import { useApp } from '../store/index.ts';

export function RuntimeBadge() {
  const model = useApp((s) => s.model);
  const status = useApp((s) => s.modelStatus);
  const loadMs = useApp((s) => s.loadMs);
  const caps = useApp((s) => s.capabilities);
  if (!model) {
    return (
      <div className="badge muted" data-testid="runtime-badge">
        {status === 'loading' ? 'Loading model…' : 'No model loaded'}
      </div>
    );
  }
  return (
    <div className="badge" data-testid="runtime-badge" title={caps?.adapter ? `GPU adapter: ${caps.adapter}` : undefined}>
      <span className={`device device-${model.device}`} data-testid="active-device">
        {model.device === 'webgpu' ? 'WebGPU' : 'WASM'}
      </span>
      <span>{model.dtype}</span>
      {model.device === 'wasm' && caps && <span>{caps.threads > 1 ? `${caps.threads} threads` : '1 thread'}</span>}
      {loadMs !== null && <span data-testid="load-time">loaded in {formatMs(loadMs)}</span>}
    </div>
  );
}

/** Human duration, e.g. formatMs(1234) === '1.23 s'. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}
