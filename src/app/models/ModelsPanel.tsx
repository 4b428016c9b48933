/** Models beside the primary: add one (catalog, Hub id or local folder) with its own device and dtype, see its load, unload it. */
import { useState, type FormEvent } from 'react';
import { Term } from '../teach/Term.tsx';
import { hubIdError, MODEL_CATALOG } from './models.ts';
import { hostLabel, isOtherHub } from '../workers/hosts.ts';
import { useApp } from '../store/index.ts';
import { modelOfKey } from '../store/multi-slice.ts';
import { PRIMARY, type DtypeChoice } from '../../worker/multi-protocol.ts';
import { chooseDevice } from '../../core/runtime/device.ts';
import { dtypeChoices } from '../../core/runtime/dtypes.ts';
import type { DeviceChoice, ModelSourceMsg } from '../../worker/protocol.ts';
import { ModelFolderInput } from './ModelPanel.tsx';
import { formatBytes } from '../../core/text/bytes.ts';
import { formatMs } from './RuntimeBadge.tsx';

const DEVICES: DeviceChoice[] = ['auto', 'webgpu', 'wasm'];

/** A model's letter badge; each letter also has its own underline style, so models differ without colour. */
export function ModelBadge({ letter }: { letter: string }) {
  return (
    <span className={`model-badge model-${letter}`} aria-hidden="true">
      {letter}
    </span>
  );
}

export function ModelsPanel() {
  const added = useApp((s) => s.addedModels);
  const primary = useApp((s) => s.model);
  const device = useApp((s) => s.addDevice);
  const dtype = useApp((s) => s.addDtype);
  const caps = useApp((s) => s.capabilities);
  const { addModel, unloadModel, setAddOptions } = useApp.getState();
  const [choice, setChoice] = useState<string>(MODEL_CATALOG[0]?.id ?? '');
  const [hubId, setHubId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = hubId.trim();
    if (id) {
      const bad = hubIdError(id);
      if (bad) return setError(bad);
      setError(null);
      return addModel({ kind: 'hub', id });
    }
    const m = MODEL_CATALOG.find((c) => c.id === choice);
    if (!m) return;
    setError(null);
    addModel(m.source === 'local' ? { kind: 'local', id: m.id } : { kind: 'hub', id: m.id });
  };
  const addFiles = (source: ModelSourceMsg) => {
    setError(null);
    addModel(source);
  };

  return (
    <div className="panel" data-testid="models-panel">
      <h2>Models side by side</h2>
      <ul className="loaded-models" aria-label="Loaded models">
        {primary && (
          <li data-testid="loaded-model" data-key={PRIMARY}>
            <ModelBadge letter="A" /> <strong>{primary.label}</strong> <span className="catalog-id">{primary.label !== primary.id ? `${primary.id} · ` : ''}{primary.device} · <Term k="precision">{primary.dtype}</Term> · primary (the model above)</span>
          </li>
        )}
        {added.map((m) => {
          const { letter } = modelOfKey(useApp.getState(), m.key);
          return (
            <li key={m.key} data-testid="loaded-model" data-key={m.key} data-status={m.status}>
              <ModelBadge letter={letter} /> <strong>{m.info?.label ?? m.source.id}</strong>{' '}
              {m.info && m.info.label !== m.info.id && <span className="catalog-id">{m.info.id} </span>}
              {m.host && isOtherHub(m.host) && <span className="model-host">from {hostLabel(m.host)} </span>}
              <span className="catalog-id">
                {m.status === 'ready' && m.info ? `${m.info.device} · ${m.info.dtype}${m.loadMs !== null ? ` · loaded in ${formatMs(m.loadMs)}` : ''}${m.bytes ? ` · ${formatBytes(m.bytes)} weights` : ''}` : m.status === 'loading' ? `loading on ${m.device}${m.progress?.total ? ` — ${formatBytes(m.progress.loaded)} of ${formatBytes(m.progress.total)}` : '…'}` : 'not loaded'}
              </span>{' '}
              <button type="button" className="small" onClick={() => unloadModel(m.key)} aria-label={`Unload ${m.info?.id ?? m.source.id}`} data-testid="unload-model">
                {m.status === 'loading' ? 'Cancel' : 'Unload'}
              </button>
              {m.error && (
                <div className="error" role="alert" data-testid="added-model-error">
                  {m.error}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <form className="add-model" onSubmit={submit} aria-label="Add a model">
        <label className="field">
          <span className="field-label">Add a model</span>
          <Term k="SQuAD">
            {(tip) => (
              <select value={choice} onChange={(e) => setChoice(e.target.value)} aria-label="Model to add" aria-describedby={tip}>
                {MODEL_CATALOG.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.title}
                  </option>
                ))}
              </select>
            )}
          </Term>
        </label>
        <input aria-label="Hub id of a model to add" placeholder="or owner/model on the Hub" value={hubId} onChange={(e) => setHubId(e.target.value)} />
        <div className="row">
          <label>
            Device{' '}
            <select value={device} onChange={(e) => setAddOptions({ device: e.target.value as DeviceChoice })} aria-label="Device of the added model">
              {DEVICES.map((d) => (
                <option key={d} value={d} disabled={d === 'webgpu' && caps !== null && !caps.webgpu}>
                  {d === 'auto' ? 'Auto' : d === 'webgpu' ? 'WebGPU' : 'WASM'}
                </option>
              ))}
            </select>
          </label>
          <label>
            Precision{' '}
            <select value={dtype} onChange={(e) => setAddOptions({ dtype: e.target.value as DtypeChoice })} aria-label="Precision of the added model">
              {dtypeChoices(chooseDevice(device, { webgpu: caps?.webgpu ?? false, software: caps?.softwareAdapter ?? null }).device, caps?.shaderF16 ?? false).map((d) => (
                <option key={d} value={d}>
                  {d === 'auto' ? 'Auto' : d}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" data-testid="add-model">
            Add model
          </button>
        </div>
        <ModelFolderInput label="Add a local model folder…" testid="add-local-model-input" onPick={addFiles} onError={setError} />
      </form>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      <p className="hint">Every loaded model answers the live question side by side, and the robustness table runs on all of them. Their batches share one queue.</p>
    </div>
  );
}
