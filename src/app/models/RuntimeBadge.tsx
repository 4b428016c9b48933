/** Device, precision, load time and measured speed of the active model, always visible in the header. */
import { Term } from '../teach/Term.tsx';
import { windowsPerSecond } from '../../core/qa/throughput.ts';
import { useApp } from '../store/index.ts';
import { countOf } from '../../core/text/plural.ts';

export function RuntimeBadge() {
  const model = useApp((s) => s.model);
  const status = useApp((s) => s.modelStatus);
  const loadMs = useApp((s) => s.loadMs);
  const caps = useApp((s) => s.capabilities);
  const lastRun = useApp((s) => s.lastRun);
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
        <Term k="wasm-webgpu">{model.device === 'webgpu' ? 'WebGPU' : 'WASM'}</Term>
      </span>
      <span>
        <Term k="precision">{model.dtype}</Term>
      </span>
      {model.device === 'wasm' && caps && <span>{caps.threads > 1 ? `${caps.threads} threads` : '1 thread'}</span>}
      {loadMs !== null && <span data-testid="load-time">loaded in {formatMs(loadMs)}</span>}
      <span data-testid="throughput" title={lastRun ? `${countOf(lastRun.windows, 'window')} in ${formatMs(lastRun.ms)} of model time on the last run` : 'Measured once the model has computed a window'}>
        {formatRate(windowsPerSecond(lastRun)).replace(/ windows\/s$/, '')} <Term k="windows/s" />
      </span>
    </div>
  );
}

/** Human duration, e.g. formatMs(1234) === '1.23 s'. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

/** A windows-per-second figure, e.g. rateNumber(12.34) === '12.3', rateNumber(862.4) === '862'. */
export const rateNumber = (perSecond: number): string => (perSecond >= 100 ? perSecond.toFixed(0) : perSecond.toFixed(1));

/** Windows per second for the badge, e.g. formatRate(12.34) === '12.3 windows/s'; null → a dash. */
export function formatRate(perSecond: number | null): string {
  return `${perSecond === null ? '–' : rateNumber(perSecond)} windows/s`;
}
