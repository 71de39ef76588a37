/**
 * Python's built-in `round(x, ndigits)` for a float: the exact binary value of `x` rounded to `ndigits` decimals,
 * ties (only exact halves, such as 0.90625) to the even digit, then the nearest double. Not numpy's `round`, which
 * scales by 10^ndigits first and so rounds 2.675 up where Python gives 2.67.
 *
 * @example
 * pythonRound(0.90625, 4); // 0.9062
 * pythonRound(0.12345, 4); // 0.1235 (0.12345 is a little above the half in binary)
 */
export function pythonRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const negative = x < 0;
  // x = mantissa * 2^exponent exactly, mantissa an integer.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  const scale = 10n ** BigInt(ndigits);
  // x * 10^ndigits = numerator / denominator, exactly.
  let numerator = mantissa * scale;
  let denominator = 1n;
  if (exponent >= 0) numerator <<= BigInt(exponent);
  else denominator <<= BigInt(-exponent);
  let quotient = numerator / denominator;
  const twice = 2n * (numerator % denominator);
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  const rounded = Number(`${quotient}e-${ndigits}`);
  return negative ? -rounded : rounded;
}
