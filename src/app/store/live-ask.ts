/**
 * A live panel asks the worker when it opens and again from its first effect (and from every
 * dependency change that may leave the request as it was): the same request is asked once. Asking
 * again would only redo the work, and a job that replaced a finished one showed the panel busy
 * again (or, for Explain, dropped the input reduction and marked the map partial).
 */

/** A request's key: the model (and which load of it) and everything sent but the job id, e.g. askKey(s, { instance, options }). */
export function askKey(s: { model: { id: string; device: string; dtype: string }; modelLoads: number }, request: unknown): string {
  return JSON.stringify([s.model.id, s.model.device, s.model.dtype, s.modelLoads, request]);
}

/**
 * Whether asking for `key` would redo a job: the running job is for `key`, or none runs and the
 * shown result answers `key`, e.g. sameAsked('k', null, 'k') === true, sameAsked('k', 'j', 'k') === false.
 */
export function sameAsked(key: string, running: string | null, shown: string | null): boolean {
  return running !== null ? running === key : shown === key;
}

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A number per object (by identity): a large input in a key without serialising it, e.g. a name pool. */
export function objectId(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
}
