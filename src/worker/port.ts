/**
 * The worker half of core/data/wire.ts: events leave packed (each long text once) and requests
 * arrive unpacked, as the page's supervisor.ts packs and unpacks its half.
 */
import { packMessage, unpackMessage } from '../core/data/wire.ts';

/** A worker's `post`: sends an event with each long text once, e.g. const post = packedPost<DataEvent>(self). */
export function packedPost<E>(scope: { postMessage(message: unknown): void }): (e: E) => void {
  return (e) => scope.postMessage(packMessage(e));
}

/** A request as the page sent it (texts put back), e.g. const msg = receivedRequest<DataRequest>(ev). */
export function receivedRequest<R>(ev: MessageEvent<R>): R {
  return unpackMessage(ev.data);
}
