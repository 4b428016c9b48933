import { describe, expect, it } from 'vitest';
import { checkQaSignature, classifyModelError, ModelError } from '../../src/core/qa/model-errors.ts';
import { dtypeCandidates, halfToFloat } from '../../src/core/runtime/transformers.ts';

describe('classifyModelError', () => {
  it.each([
    { name: '404 on weights', raw: new Error('Could not locate file: "http://h/x/y/resolve/main/onnx/model_quantized.onnx".'), code: 'no-weights' },
    { name: 'weights missing locally', raw: new Error('`local_files_only=true` or `env.allowRemoteModels=false` and file was not found locally at "/m/x/onnx/model.onnx".'), code: 'no-weights' },
    { name: 'tokenizer 404', raw: new Error('Could not locate file: "http://h/x/y/resolve/main/tokenizer.json".'), code: 'no-tokenizer' },
    { name: 'config 404', raw: new Error('Could not locate file: "http://h/x/y/resolve/main/config.json".'), code: 'no-config' },
    { name: 'unsupported architecture', raw: new Error('Unsupported model type: whisper'), code: 'unsupported-architecture' },
    { name: 'fetch failed (Node)', raw: new TypeError('fetch failed'), code: 'network' },
    { name: 'failed to fetch (browser)', raw: new TypeError('Failed to fetch'), code: 'network' },
    { name: 'connection refused', raw: new Error('connect ECONNREFUSED 127.0.0.1:9'), code: 'network' },
    { name: 'wasm out of memory', raw: new RangeError('WebAssembly.Memory(): could not allocate memory: out of memory'), code: 'out-of-memory' },
    { name: 'array buffer allocation', raw: new RangeError('Array buffer allocation failed'), code: 'out-of-memory' },
    { name: 'C++ bad_alloc', raw: new Error('std::bad_alloc'), code: 'out-of-memory' },
    { name: 'anything else', raw: 'weird', code: 'unknown' },
  ])('$name → $code', ({ raw, code }) => {
    const e = classifyModelError(raw, 'owner/model');
    expect(e).toBeInstanceOf(ModelError);
    expect(e.code).toBe(code);
    expect(e.message).toContain('owner/model');
  });

  it('passes ModelErrors through unchanged', () => {
    const e = new ModelError('bad-signature', 'x');
    expect(classifyModelError(e, 'm')).toBe(e);
  });
});

describe('checkQaSignature', () => {
  it.each([
    { name: 'BERT export', ins: ['input_ids', 'attention_mask', 'token_type_ids'], outs: ['start_logits', 'end_logits'], ok: true },
    { name: 'DistilBERT export', ins: ['input_ids', 'attention_mask'], outs: ['start_logits', 'end_logits'], ok: true },
    { name: 'classifier outputs', ins: ['input_ids', 'attention_mask'], outs: ['logits'], ok: false },
    { name: 'no attention mask', ins: ['input_ids'], outs: ['start_logits', 'end_logits'], ok: false },
    { name: 'decoder inputs', ins: ['input_ids', 'attention_mask', 'past_key_values.0.key'], outs: ['start_logits', 'end_logits'], ok: false },
  ])('$name', ({ ins, outs, ok }) => {
    const run = () => checkQaSignature('m', ins, outs);
    if (ok) expect(run).not.toThrow();
    else expect(run).toThrow(ModelError);
  });
});

describe('dtypeCandidates', () => {
  it.each([
    { name: 'WebGPU with shader-f16', device: 'webgpu', f16: true, pinned: undefined, want: ['fp16', 'fp32'] },
    { name: 'WebGPU without f16 never gets q8', device: 'webgpu', f16: false, pinned: undefined, want: ['fp32'] },
    { name: 'WASM prefers 8-bit weights, under any of their file names', device: 'wasm', f16: false, pinned: undefined, want: ['q8', 'int8', 'uint8', 'fp32'] },
    { name: 'Node CPU', device: 'cpu', f16: false, pinned: undefined, want: ['fp32'] },
    { name: 'pinned by the model', device: 'wasm', f16: false, pinned: 'fp32', want: ['fp32'] },
    { name: 'a q8 pin is refused on WebGPU', device: 'webgpu', f16: true, pinned: 'q8', want: ['fp32'] },
    { name: 'an int8 pin is refused on WebGPU', device: 'webgpu', f16: true, pinned: 'int8', want: ['fp32'] },
    { name: 'a uint8 pin is kept on WASM', device: 'wasm', f16: false, pinned: 'uint8', want: ['uint8'] },
  ] as const)('$name', ({ device, f16, pinned, want }) => {
    expect(dtypeCandidates(device, f16, pinned)).toEqual(want);
  });
});

describe('halfToFloat', () => {
  it.each([
    { bits: 0x3c00, value: 1 },
    { bits: 0xc000, value: -2 },
    { bits: 0x0000, value: 0 },
    { bits: 0x7bff, value: 65504 },
    { bits: 0x0001, value: 2 ** -24 },
    { bits: 0x7c00, value: Number.POSITIVE_INFINITY },
  ])('0x$bits → $value', ({ bits, value }) => {
    expect(halfToFloat(bits)).toBe(value);
  });
});
