/**
 * A tiny ONNX graph builder over the onnx-proto message classes, so model generators read like
 * the math they implement instead of protobuf plumbing.
 */
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
type DType = 'float32' | 'int64' | 'bool';

const DTYPE_CODE: Record<DType, number> = {
  float32: onnx.TensorProto.DataType.FLOAT,
  int64: onnx.TensorProto.DataType.INT64,
  bool: onnx.TensorProto.DataType.BOOL,
};

/** An attribute value: ints, floats, int lists, float lists or a tensor. */
export type AttrValue = number | number[] | { f: number } | { floats: number[] } | { tensor: ConstTensor } | string;

/** A constant tensor: data and dims (uint8 for 8-bit weights). */
export interface ConstTensor {
  data: Float32Array | BigInt64Array | Uint8Array;
  dims: number[];
}

/** Dimension: a fixed size or a symbolic name such as "batch". */
export type Dim = number | string;

/** Builds one ONNX graph; every op call returns the name of its (first) output. */
export class GraphBuilder {
  private readonly nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  private readonly initializers: InstanceType<typeof onnx.TensorProto>[] = [];
  private readonly inputs: InstanceType<typeof onnx.ValueInfoProto>[] = [];
  private readonly outputs: InstanceType<typeof onnx.ValueInfoProto>[] = [];
  private counter = 0;

  constructor(private readonly name: string) {}

  /** Declares a graph input, e.g. input('input_ids', 'int64', ['batch', 'sequence']). */
  input(name: string, dtype: DType, dims: Dim[]): string {
    this.inputs.push(valueInfo(name, dtype, dims));
    return name;
  }

  /** Declares a graph output fed by `from` (an Identity node keeps output names stable). */
  output(name: string, from: string, dtype: DType, dims: Dim[]): void {
    this.nodes.push(onnx.NodeProto.create({ opType: 'Identity', input: [from], output: [name], name: `out_${name}` }));
    this.outputs.push(valueInfo(name, dtype, dims));
  }

  /** Adds a constant initializer and returns its name. */
  init(name: string, t: ConstTensor): string {
    this.initializers.push(tensorProto(name, t));
    return name;
  }

  /** Float constant of any shape, e.g. f32('half', [0.5]). */
  f32(name: string, values: number[] | Float32Array, dims: number[] = [values.length]): string {
    return this.init(name, { data: Float32Array.from(values), dims });
  }

  /** Int64 constant, e.g. i64('axes', [1]). */
  i64(name: string, values: number[], dims: number[] = [values.length]): string {
    return this.init(name, { data: BigInt64Array.from(values.map((v) => BigInt(v))), dims });
  }

  /** Uint8 constant, e.g. the 8-bit codes of a quantized table. */
  u8(name: string, values: Uint8Array, dims: number[] = [values.length]): string {
    return this.init(name, { data: values, dims });
  }

  /** Adds a node with one output and returns that output's name. */
  op(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}, outName?: string): string {
    const out = outName ?? `${opType.toLowerCase()}_${this.counter++}`;
    this.nodes.push(
      onnx.NodeProto.create({
        opType,
        input: inputs,
        output: [out],
        name: `n${this.nodes.length}_${opType}`,
        attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
      }),
    );
    return out;
  }

  /** Adds a node with several outputs and returns their names, e.g. ops('Split', [x], 2, { axis: -1 }). */
  ops(opType: string, inputs: string[], outputs: number | string[], attrs: Record<string, AttrValue> = {}): string[] {
    const outs =
      typeof outputs === 'number'
        ? Array.from({ length: outputs }, (_, i) => `${opType.toLowerCase()}_${this.counter}_${i}`)
        : outputs;
    this.counter++;
    this.nodes.push(
      onnx.NodeProto.create({
        opType,
        input: inputs,
        output: outs,
        name: `n${this.nodes.length}_${opType}`,
        attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
      }),
    );
    return outs;
  }

  /** Serializes the model (opset 17, IR 8) to bytes. */
  toBytes(docString = ''): Uint8Array {
    const graph = onnx.GraphProto.create({
      name: this.name,
      node: this.nodes,
      initializer: this.initializers,
      input: this.inputs,
      output: this.outputs,
    });
    const model = onnx.ModelProto.create({
      irVersion: 8,
      producerName: 'qarx',
      producerVersion: '1',
      docString,
      opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: 17 })],
      graph,
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

function valueInfo(name: string, dtype: DType, dims: Dim[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: onnx.TypeProto.create({
      tensorType: onnx.TypeProto.Tensor.create({
        elemType: DTYPE_CODE[dtype],
        shape: onnx.TensorShapeProto.create({
          dim: dims.map((d) =>
            typeof d === 'number'
              ? onnx.TensorShapeProto.Dimension.create({ dimValue: d })
              : onnx.TensorShapeProto.Dimension.create({ dimParam: d }),
          ),
        }),
      }),
    }),
  });
}

function tensorProto(name: string, t: ConstTensor) {
  const T = onnx.TensorProto.DataType;
  const dataType = t.data instanceof Float32Array ? T.FLOAT : t.data instanceof Uint8Array ? T.UINT8 : T.INT64;
  // raw_data is little-endian bytes, which typed arrays already are on every platform we run on.
  const raw = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  return onnx.TensorProto.create({ name, dims: t.dims, dataType, rawData: raw });
}

function attribute(name: string, v: AttrValue) {
  const T = onnx.AttributeProto.AttributeType;
  if (typeof v === 'string') return onnx.AttributeProto.create({ name, type: T.STRING, s: new TextEncoder().encode(v) });
  if (typeof v === 'number') {
    return Number.isInteger(v)
      ? onnx.AttributeProto.create({ name, type: T.INT, i: v })
      : onnx.AttributeProto.create({ name, type: T.FLOAT, f: v });
  }
  if (Array.isArray(v)) return onnx.AttributeProto.create({ name, type: T.INTS, ints: v });
  if ('f' in v) return onnx.AttributeProto.create({ name, type: T.FLOAT, f: v.f });
  if ('floats' in v) return onnx.AttributeProto.create({ name, type: T.FLOATS, floats: v.floats });
  return onnx.AttributeProto.create({ name, type: T.TENSOR, t: tensorProto(name, v.tensor) });
}
