/**
 * Weight precisions transformers.js maps to onnx/model*.onnx file names: fp32 → model.onnx, fp16 →
 * model_fp16.onnx, q8 → model_quantized.onnx, int8 → model_int8.onnx, uint8 → model_uint8.onnx.
 * (A module of its own, so the app's main bundle can name them without pulling in the runtime.)
 */
export type Dtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8';

/** Every Dtype, e.g. for validating --dtype. */
export const DTYPES: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8'];
