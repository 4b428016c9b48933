/** Choosing a model (shipped, Hub, or local files) and a device; shows download progress and errors. */
import { Term, TermText } from '../teach/Term.tsx';
import { useState, type FormEvent } from 'react';
import { hubIdError, MODEL_CATALOG, networkNote } from './models.ts';
import { useOnline } from '../shell/online.ts';
import { pickModelFiles } from '../data/local-files.ts';
import { hostLabel, isOtherHub } from '../workers/hosts.ts';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';
import type { DeviceChoice, ModelSourceMsg } from '../../worker/protocol.ts';
import { onRovingKey, rovingTabIndex } from '../shell/roving.ts';
import { chooseDevice } from '../../core/runtime/device.ts';
import { dtypeChoices, type DtypeChoice } from '../../core/runtime/dtypes.ts';
import { countOf } from '../../core/text/plural.ts';
import { formatBytes } from '../../core/text/bytes.ts';

export function ModelPanel() {
  const model = useApp((s) => s.model);
  const status = useApp((s) => s.modelStatus);
  const requested = useApp((s) => s.requested);
  const progress = useApp((s) => s.loadProgress);
  const error = useApp((s) => s.modelError);
  const device = useApp((s) => s.deviceChoice);
  const dtype = useApp((s) => s.dtypeChoice);
  const caps = useApp((s) => s.capabilities);
  const remoteHost = useApp((s) => s.remoteHost);
  const modelHost = useApp((s) => s.modelHost);
  const { cancelLoad, setDeviceChoice, setDtypeChoice, setRemoteHost, dismissModelError } = useApp.getState();
  const dtypes = dtypeChoices(chooseDevice(device, { webgpu: caps?.webgpu ?? false, software: caps?.softwareAdapter ?? null }).device, caps?.shaderF16 ?? false);
  const online = useOnline();
  const hubName = isOtherHub(remoteHost) ? hostLabel(remoteHost) : 'the Hugging Face Hub';
  const [customId, setCustomId] = useState('');
  const [hostDraft, setHostDraft] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  /** Every load started here clears the previous form error. */
  const loadModel = (source: ModelSourceMsg) => {
    setPickError(null);
    useApp.getState().loadModel(source);
  };

  const submitCustom = (e: FormEvent) => {
    e.preventDefault();
    const id = customId.trim();
    const bad = hubIdError(id);
    if (bad) {
      setPickError(bad);
      return;
    }
    setPickError(null);
    loadModel({ kind: 'hub', id });
  };

  const loading = status === 'loading';
  return (
    <div className="panel" data-testid="model-panel">
      <h2>Model</h2>
      {model && (
        <p className="active-model" data-testid="active-model">
          Active: <strong>{model.label === model.id ? model.id : model.label}</strong>
          {model.label !== model.id && <span className="catalog-id"> {model.id}</span>}
          {modelHost && isOtherHub(modelHost) && (
            <>
              {' '}
              <span className="model-host" data-testid="model-host">
                from {hostLabel(modelHost)}
              </span>
            </>
          )}{' '}
          · {model.architecture}
        </p>
      )}
      <p className="hint">
        Each card names the data its model was trained on (<Term k="SQuAD" />), its <Term k="tokenizer" />, the <Term k="precision">precision</Term> of its weights and where it runs (<Term k="wasm-webgpu" />); a Hub model downloads from the <Term k="hub" />.
      </p>
      <ul className="catalog" role="radiogroup" aria-label="Models" onKeyDown={(e) => onRovingKey(e, false)}>
        {MODEL_CATALOG.map((m, i) => {
          const active = model?.id === m.id;
          const pending = loading && requested?.id === m.id;
          return (
            <li key={m.id} role="none">
              <button
                type="button"
                role="radio"
                aria-checked={active}
                tabIndex={rovingTabIndex(active, i, MODEL_CATALOG.some((x) => x.id === model?.id))}
                className={`catalog-item${active ? ' active' : ''}${pending ? ' pending' : ''}`}
                onClick={() => loadModel(m.source === 'local' ? { kind: 'local', id: m.id } : { kind: 'hub', id: m.id })}
                disabled={pending}
              >
                <span className="catalog-title">{m.title}</span>
                <span className="catalog-note">{m.note}</span>
                <span className={`catalog-net${m.source === 'hub' && !online ? ' offline' : ''}`} data-testid="catalog-network">
                  {networkNote(m, online, hubName, formatBytes)}
                </span>
                <span className="catalog-id">{m.source === 'hub' ? m.id : 'shipped with the app'}</span>
              </button>
              {/* A catalogue model's load error shows on its own card. */}
              {error && !pickError && !loading && requested?.id === m.id && (
                <Notice place="inline" tone="error" role="alert" className="card-error" testid="model-error" noticeKey={`model-error ${error}`} onDismiss={dismissModelError}>
                  {error}
                </Notice>
              )}
            </li>
          );
        })}
      </ul>

      <form className="row" onSubmit={submitCustom}>
        <input aria-label="Hub model id" placeholder="owner/model on the Hub" value={customId} onChange={(e) => setCustomId(e.target.value)} />
        <button type="submit" disabled={!customId.trim()}>
          Load
        </button>
      </form>
      <ModelFolderInput label="Open a local model folder…" testid="local-model-input" onPick={loadModel} onError={setPickError} />

      {loading && (
        <div className="progress-block" data-testid="load-progress">
          <div className="progress-label">
            Loading {requested?.id}
            {progress ? (
              <>
                <br />
                <span className="catalog-id">{progress.file}</span>
                {progress.total ? ` — ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}` : ''}
              </>
            ) : (
              '…'
            )}
          </div>
          <progress max={100} value={progress?.total ? progress.progress : undefined} />
          <button type="button" className="link" onClick={cancelLoad}>
            Cancel
          </button>
        </div>
      )}
      {pickError && (
        <Notice place="inline" tone="error" role="alert" testid="model-error" noticeKey={`pick-error ${pickError}`} onDismiss={() => setPickError(null)}>
          {pickError}
        </Notice>
      )}
      {error && !pickError && !MODEL_CATALOG.some((m) => m.id === requested?.id) && (
        <Notice place="inline" tone="error" role="alert" testid="model-error" noticeKey={`model-error ${error}`} onDismiss={dismissModelError}>
          {error}
        </Notice>
      )}
      {model?.fallbackReason && (
        <div className="note" data-testid="device-reason">
          {model.fallbackReason}
        </div>
      )}
      {model?.kind === 'lexical-baseline' && (
        <div className="note" data-testid="baseline-note">
          This is a{' '}
          <strong>
            <Term k="lexical baseline" />
          </strong>
          , not a neural reader: it picks spans near the question's words whose kind (name,
          number, date) fits the question word. Load a Hub model to see a neural reader.
        </div>
      )}

      <h2>
        <Term k="device">Device</Term>
      </h2>
      <div className="segmented" role="radiogroup" aria-label="Device" onKeyDown={(e) => onRovingKey(e)}>
        {(['auto', 'webgpu', 'wasm'] as DeviceChoice[]).map((d, i) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={device === d}
            tabIndex={rovingTabIndex(device === d, i, true)}
            className={device === d ? 'active' : ''}
            disabled={d === 'webgpu' && caps !== null && !caps.webgpu}
            title={d === 'webgpu' && caps && !caps.webgpu ? 'This browser offers no WebGPU adapter' : undefined}
            onClick={() => setDeviceChoice(d)}
          >
            {d === 'auto' ? 'Auto' : d === 'webgpu' ? 'WebGPU' : 'WASM'}
          </button>
        ))}
      </div>
      <p className="hint">
        {caps ? (
          <TermText
            text={`${caps.webgpu ? `WebGPU available${caps.softwareAdapter ? ` (software: ${caps.softwareAdapter}, Auto uses WASM)` : caps.shaderF16 ? ' (fp16)' : ''}` : 'No WebGPU'} · ${caps.crossOriginIsolated ? `WASM with ${countOf(caps.threads, 'thread')}` : 'WASM single-threaded (page not cross-origin isolated)'}`}
          />
        ) : (
          'Checking the browser…'
        )}
      </p>
      <label className="row">
        <Term k="precision">Precision</Term>{' '}
        <select value={dtypes.includes(dtype) ? dtype : 'auto'} onChange={(e) => setDtypeChoice(e.target.value as DtypeChoice)} aria-label="Precision of the model" data-testid="dtype-choice">
          {dtypes.map((d) => (
            <option key={d} value={d}>
              {d === 'auto' ? 'Auto (the device’s best)' : d}
            </option>
          ))}
        </select>
      </label>
      {dtypes.length < 4 && <p className="hint">WebGPU offers no q8: 8-bit weights give wrong answers there.</p>}

      <details className="advanced">
        <summary>Model host</summary>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (hostDraft !== null) {
              setRemoteHost(hostDraft);
              localStorage.setItem('qarx.remoteHost', hostDraft.trim());
              setHostDraft(null);
            }
          }}
        >
          <input aria-label="Model host" value={hostDraft ?? remoteHost} onChange={(e) => setHostDraft(e.target.value)} />
          <button type="submit" disabled={hostDraft === null}>
            Save
          </button>
        </form>
        <p className="hint">A Hugging Face Hub or a mirror with the same URL layout ({'{host}/{model}/resolve/main/{file}'}).</p>
      </details>
    </div>
  );
}

/** A button that picks a model folder in the Hub layout and hands on its files as a model source, or says what is missing. */
export function ModelFolderInput({ label, testid, onPick, onError }: { label: string; testid: string; onPick: (source: ModelSourceMsg) => void; onError: (message: string) => void }) {
  const onFiles = (list: FileList | null) => {
    if (!list) return;
    const picked = pickModelFiles(list);
    if ('error' in picked) return onError(picked.error);
    onPick({ kind: 'files', id: picked.name, files: picked.files });
  };
  return (
    <label className="file-btn file-pick">
      {label}
      <input
        type="file"
        multiple
        data-testid={testid}
        // @ts-expect-error: non-standard but supported by every engine we target
        webkitdirectory=""
        onChange={(e) => onFiles(e.target.files)}
      />
    </label>
  );
}

