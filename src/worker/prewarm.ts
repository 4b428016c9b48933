/**
 * The start-up load: boot.ts asks the worker to open the app's first model before the app's own
 * modules have loaded, and the app's first 'load' of the same model, device and precision adopts it
 * (its progress and errors are replayed under that load's job id). A first load of anything else
 * abandons it: the download is cancelled and a model that opened anyway is disposed.
 */
import type { DeviceChoice, ModelSourceMsg, WorkerEvent } from './protocol.ts';
import type { DtypeChoice } from './multi-protocol.ts';
import type { Opened } from './open-model.ts';

/** Identity of a load request: the same source on the same device at the same precision. */
export function loadKey(source: ModelSourceMsg, device: DeviceChoice, dtype: DtypeChoice): string {
  const revision = source.kind === 'hub' ? (source.revision ?? null) : null;
  return JSON.stringify([source.kind, source.id, revision, device, dtype]);
}

/** `e` re-addressed to job `jobId` (events without a job id are returned as they are). */
function readdressed(e: WorkerEvent, jobId: number): WorkerEvent {
  return 'jobId' in e && e.jobId !== null ? ({ ...e, jobId } as WorkerEvent) : e;
}

/** A load started before anyone asked for it; see the module comment. */
export class Prewarm {
  readonly ctrl = new AbortController();
  readonly result: Promise<Opened | null>;
  private held: WorkerEvent[] = [];
  private adopter: number | null = null;

  /** Starts `open` now; what it posts is held until a load adopts it. */
  constructor(
    readonly key: string,
    open: (post: (e: WorkerEvent) => void, signal: AbortSignal) => Promise<Opened | null>,
    private readonly post: (e: WorkerEvent) => void,
  ) {
    this.result = open((e) => this.forward(e), this.ctrl.signal).catch(() => null);
  }

  private forward(e: WorkerEvent): void {
    if (this.ctrl.signal.aborted && this.adopter === null) return; // abandoned: nobody listens
    if (this.adopter === null) this.held.push(e);
    else this.post(readdressed(e, this.adopter));
  }

  /** Makes this the load of job `jobId`: what it posted so far is replayed under that id. */
  adopt(jobId: number): void {
    this.adopter = jobId;
    for (const e of this.held.splice(0)) this.post(readdressed(e, jobId));
  }

  /** Nobody wants this model: cancels its download and disposes it if it opened anyway. */
  abandon(): void {
    this.held = [];
    this.adopter = null;
    this.ctrl.abort();
    void this.result.then((o) => o?.active.model.dispose()).catch(() => undefined);
  }
}
