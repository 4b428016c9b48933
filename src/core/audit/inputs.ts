/**
 * What an audit unit's result was computed from besides its settings: the content of its data file
 * and of its model's (and NER tagger's) files. A unit's id hashes its settings only (so it is the
 * same on every machine, whatever the mounts); these fingerprints are stored in its unit file and
 * compared on resume, so a unit whose inputs changed is run again (as make or DVC rebuild what is
 * stale) and a result is never reported for data or a model it was not computed on.
 */

/** SHA-256 (hex) of each file a model may load, by its path inside the model folder, e.g. { 'config.json': '9f…', 'onnx/model.onnx': '1c…' }. */
export type FileHashes = Record<string, string>;

/** A model's (or tagger's) fingerprint: its files' hashes, and the Hub id for a model fetched from the Hub (its cached files). */
export interface ModelInputs {
  hub?: string;
  files: FileHashes;
}

/** A unit's inputs: the data's bytes (SHA-256 and size; the demo set's canonical JSON for the built-in one), the model's files, the tagger's files. */
export interface UnitInputs {
  data: { sha256: string; bytes: number };
  model: ModelInputs;
  tagger?: ModelInputs;
}

/** Why a stored result no longer answers its unit, e.g. 'dataset "squad": its content changed (sha256 1a2b3c4d… then, 5e6f7a8b… now)'. */
export type StaleReason = string;

/** Why a unit file without inputs is stale. */
export const UNRECORDED: StaleReason = 'its unit file records no fingerprint of the data and model it was computed on (written by a qarx before fingerprints), so it cannot be trusted';

const short = (h: string) => `${h.slice(0, 8)}…`;

/** The files of two fingerprints that differ, e.g. ['onnx/model.onnx (changed)', 'vocab.txt (added)']. */
export function changedFiles(then: FileHashes, now: FileHashes): string[] {
  const names = [...new Set([...Object.keys(then), ...Object.keys(now)])].sort();
  return names.flatMap((f) => (then[f] === now[f] ? [] : [`${f} (${then[f] === undefined ? 'added' : now[f] === undefined ? 'removed' : 'changed'})`]));
}

/** How a model's fingerprint changed, or null when it did not; `what` names it, e.g. 'model "qarx-lexical-qa"'. */
function modelChange(what: string, then: ModelInputs | undefined, now: ModelInputs | undefined): StaleReason | null {
  if (!then && !now) return null;
  if (!then || !now) return `${what}: ${then ? 'no longer used' : 'not recorded for the stored result'}`;
  if ((then.hub ?? null) !== (now.hub ?? null)) return `${what}: its source changed (${then.hub ?? 'a local folder'} then, ${now.hub ?? 'a local folder'} now)`;
  const files = changedFiles(then.files, now.files);
  if (!files.length) return null;
  const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? `, … ${files.length - 3} more` : '');
  return `${what}: its files changed (${shown})`;
}

/**
 * Why a unit's stored result is stale given its inputs now: one reason per changed input (data,
 * model, tagger), none when it still holds; a file without inputs (written by a qarx before these
 * fingerprints) is stale, as nothing says what it was computed from.
 */
export function staleReasons(stored: UnitInputs | undefined, now: UnitInputs, names: { dataset: string; model: string }): StaleReason[] {
  if (!stored) return [UNRECORDED];
  const out: StaleReason[] = [];
  if (stored.data?.sha256 !== now.data.sha256) out.push(`dataset "${names.dataset}": its content changed (sha256 ${short(stored.data?.sha256 ?? '?')} then, ${short(now.data.sha256)} now)`);
  const m = modelChange(`model "${names.model}"`, stored.model, now.model);
  if (m) out.push(m);
  const t = modelChange('NER tagger', stored.tagger, now.tagger);
  if (t) out.push(t);
  return out;
}

/** What merge needs of a unit file: its label, dataset and model names, and its inputs. */
interface Fingerprinted {
  label: string;
  spec: { dataset: { name: string }; model: { name: string } };
  inputs?: UnitInputs;
}

/** A model fingerprint as one comparable string (files in path order). */
const modelKey = (m: ModelInputs | undefined): string => (m ? JSON.stringify([m.hub ?? null, Object.keys(m.files).sort().map((f) => [f, m.files[f]])]) : '');

/**
 * Why results cannot be joined into one summary, or null: a unit without inputs (an older qarx), or
 * two units of one dataset (or model) name computed on different bytes (e.g. shards run on
 * different copies of a file), so that one table would mix two datasets under one name.
 */
export function mixedInputs(units: readonly Fingerprinted[]): string | null {
  const seen = new Map<string, { label: string; value: string }>();
  for (const u of units) {
    if (!u.inputs) return `${u.label}: ${UNRECORDED}; run qarx audit on its directory again to refresh it`;
    const checks: [string, string, string][] = [
      [`dataset "${u.spec.dataset.name}"`, 'data', u.inputs.data.sha256],
      [`model "${u.spec.model.name}"`, 'model files', modelKey(u.inputs.model)],
    ];
    for (const [what, of, value] of checks) {
      const had = seen.get(what);
      if (!had) seen.set(what, { label: u.label, value });
      else if (had.value !== value) return `${what}: ${had.label} and ${u.label} were computed on different ${of}`;
    }
  }
  return null;
}
