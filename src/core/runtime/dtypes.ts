/**
 * Weight precisions transformers.js maps to onnx/model*.onnx file names: fp32 → model.onnx, fp16 →
 * model_fp16.onnx, q8 → model_quantized.onnx, int8 → model_int8.onnx, uint8 → model_uint8.onnx.
 * (A module of its own, so the app's main bundle can name them without pulling in the runtime.)
 */
export type Dtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8';

/** Every Dtype, e.g. for validating --dtype. */
export const DTYPES: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8'];

/** Precision a user picks for a model in the app: 'auto' lets the device choose (dtypeCandidates). */
export type DtypeChoice = 'auto' | 'fp32' | 'fp16' | 'q8';

/**
 * The precisions a device offers, e.g. dtypeChoices('webgpu', false) → ['auto', 'fp32']: WebGPU
 * never q8 (8-bit weights give wrong answers there, transformers.js #1512/#1728) and fp16 only with
 * shader-f16; WASM runs all of them.
 */
export function dtypeChoices(device: 'webgpu' | 'wasm', shaderF16: boolean): DtypeChoice[] {
  return device === 'webgpu' ? ['auto', 'fp32', ...(shaderF16 ? (['fp16'] as const) : [])] : ['auto', 'fp32', 'fp16', 'q8'];
}
