// float32 -> IEEE 754 half precision, round to nearest even (Node 20 has no Float16Array).

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Converts one number to the bit pattern of the nearest float16 (ties to even). */
export function toFloat16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0); // Inf / NaN
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00; // overflow -> Inf
  if (e <= 0) {
    if (e < -10) return sign; // underflow -> signed zero
    mantissa |= 0x800000; // implicit leading 1
    const shift = 14 - e;
    const half = 1 << (shift - 1);
    const rest = mantissa & ((1 << shift) - 1);
    let result = mantissa >>> shift;
    if (rest > half || (rest === half && (result & 1) === 1)) result += 1;
    return sign | result;
  }
  let result = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (result & 1) === 1)) result += 1; // may carry into exponent: correct
  return sign | result;
}

/** Converts a float16 bit pattern back to a number. */
export function fromFloat16Bits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** Converts a float32 array to float16 bit patterns. */
export function toFloat16Array(values: Float32Array): Uint16Array {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = toFloat16Bits(values[i]!);
  return out;
}
