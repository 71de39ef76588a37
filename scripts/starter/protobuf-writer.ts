// A minimal protobuf encoder: just the wire types that an ONNX ModelProto needs.
// Written by hand so the starter-model build depends on no transitive package and
// produces the same bytes on every run (fields are always written in the order given).

/** Builds one protobuf message from fields appended in order. */
export class ProtoWriter {
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  private tag(field: number, wireType: 0 | 2 | 5): void {
    this.push(encodeVarint(BigInt(field * 8 + wireType)));
  }

  /** Appends a varint field (int32, int64, enum). Negative values use 10-byte two's complement. */
  varint(field: number, value: number | bigint): this {
    this.tag(field, 0);
    const big = BigInt(value);
    this.push(encodeVarint(big < 0n ? big + (1n << 64n) : big));
    return this;
  }

  /** Appends a UTF-8 string field. */
  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  /** Appends a length-delimited bytes field. */
  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.push(encodeVarint(BigInt(value.length)));
    this.push(value);
    return this;
  }

  /** Appends an embedded message field. */
  message(field: number, value: ProtoWriter): this {
    return this.bytes(field, value.finish());
  }

  /** Appends a 32-bit float field (fixed32 wire type). */
  float(field: number, value: number): this {
    this.tag(field, 5);
    const buffer = new Uint8Array(4);
    new DataView(buffer.buffer).setFloat32(0, value, true);
    this.push(buffer);
    return this;
  }

  /** Concatenates the appended fields into the encoded message. */
  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

/** Encodes a non-negative integer below 2^64 as a protobuf varint. */
export function encodeVarint(value: bigint): Uint8Array {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest > 0n) byte |= 0x80;
    out.push(byte);
  } while (rest > 0n);
  return Uint8Array.from(out);
}
