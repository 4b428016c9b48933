/**
 * /bench.html: runs one benchmark per call of `window.qarxBench(request)` in a fresh worker (so
 * each device starts cold) and logs the result as text. Query: nothing; the driver
 * (scripts/bench-browser.ts) passes the device, model and sizes.
 */
import type { BenchMessage, BenchReply } from './bench.worker.ts';

const log = document.getElementById('log') as HTMLPreElement;

/** What the driver sends: a worker message less the page's base URL, which the page adds. */
type PageRequest = BenchMessage extends infer M ? (M extends unknown ? Omit<M, 'baseUrl'> : never) : never;

/** Runs one benchmark (an engine run or a MatMul peak) in a new worker and resolves with its reply. */
function runBench(req: PageRequest): Promise<BenchReply> {
  const worker = new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module' });
  const baseUrl = new URL('./', window.location.href).href;
  return new Promise((resolve) => {
    worker.onmessage = (ev: MessageEvent<BenchReply>) => {
      worker.terminate();
      log.textContent += `${JSON.stringify(ev.data)}\n`;
      resolve(ev.data);
    };
    worker.onerror = (ev) => {
      worker.terminate();
      resolve({ device: 'device' in req ? req.device : 'wasm', error: ev.message || 'worker failed' } as BenchReply);
    };
    worker.postMessage({ ...req, baseUrl });
  });
}

(window as Window & { qarxBench?: typeof runBench }).qarxBench = runBench;
log.textContent = `ready · cross-origin isolated: ${self.crossOriginIsolated} · ${navigator.hardwareConcurrency} logical cores\n`;
