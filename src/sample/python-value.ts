// Python's view of JSON values, which the agent metrics' references compare by: `str()`, `==` (1 == 1.0 == True,
// dicts equal whatever their key order) and string order (by code point). A JSON number that is a whole number is
// read as a Python int: the JSON readers cannot tell 1.0 from 1.
import type { JsonValue } from "./conversation/messages.js";

/** Python's `repr` of a float (shortest round-trip digits; exponent form below 1e-4 and from 1e16). */
function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const [mantissa, exp] = x.toExponential().split("e") as [string, string];
  const e = Number(exp);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
  const rest = digits.slice(e + 1);
  return `${sign}${whole}.${rest === "" ? "0" : rest}`;
}

/** Python's `repr` of a number: an int for whole numbers (all digits), else a float. */
function numberRepr(x: number): string {
  if (Number.isInteger(x)) return Object.is(x, -0) ? "0" : BigInt(x).toString();
  return floatRepr(x);
}

/** Python's `repr` of a string: single quotes unless the text holds ' and no ", escapes for controls. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xad)
      out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp === 0x2028 || cp === 0x2029 || (cp >= 0xd800 && cp <= 0xdfff))
      out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's `repr` of a JSON value as Python holds it (dict, list, str, int/float, bool, None). */
export function pythonRepr(value: JsonValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return numberRepr(value);
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`)
    .join(", ")}}`;
}

/**
 * Python's `str` of a JSON value: a string as it is, anything else as its `repr` (`True`, `None`, `10`,
 * `{'a': 1}`, keys in the order the JSON gave them).
 *
 * @example
 * pythonStr(true); // "True"
 * pythonStr({ b: [1, "x"] }); // "{'b': [1, 'x']}"
 */
export function pythonStr(value: JsonValue): string {
  return typeof value === "string" ? value : pythonRepr(value);
}

/** How two values compare: `python` is Python's `==`; `strict` is JavaScript deep strict equality. */
export type ValueEquality = "python" | "strict";

/**
 * Whether two JSON values are equal: by Python's `==` (`python`: numbers and booleans by value, so 1 == 1.0 ==
 * True; lists item by item; dicts by key set and values, in any key order), or deep strict equality (`strict`:
 * booleans are not numbers, -0 is not 0, as Node's `isDeepStrictEqual`).
 *
 * @example
 * valuesEqual({ a: 1, b: true }, { b: 1, a: 1 }, "python"); // true
 * valuesEqual(true, 1, "strict"); // false
 */
export function valuesEqual(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  equality: ValueEquality,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  const numberLike = (v: JsonValue) =>
    typeof v === "number" || (equality === "python" && typeof v === "boolean");
  if (numberLike(a) && numberLike(b)) {
    return equality === "python" ? Number(a) === Number(b) : Object.is(a, b);
  }
  if (typeof a !== typeof b) return false;
  if (typeof a !== "object") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => valuesEqual(item, b[i], equality));
  }
  const bObject = b as Record<string, JsonValue>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(bObject).length) return false;
  return keys.every((k) => Object.hasOwn(bObject, k) && valuesEqual(a[k], bObject[k], equality));
}

/**
 * A text that two JSON values share exactly when they are equal by Python's `==` ({@link valuesEqual} with
 * `"python"`): numbers and booleans by value (`1`, `1.0` and `True` give the same key, -0 that of 0), strings quoted,
 * dict keys sorted. Values can then be grouped in a Map instead of compared pair by pair.
 *
 * @example
 * pythonValueKey({ b: true, a: [1, "x"] }) === pythonValueKey({ a: [1.0, "x"], b: 1 }); // true
 */
export function pythonValueKey(value: JsonValue): string {
  if (value === null) return "null";
  if (typeof value === "number" || typeof value === "boolean") return `n${String(Number(value))}`;
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonValueKey).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${pythonValueKey(value[k]!)}`).join(",")}}`;
}

/** Python's string order: by code point (JavaScript's `<` compares UTF-16 units, which differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Python's tuple order on tuples of strings: item by item, a prefix first. */
export function compareStringTuples(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = compareCodePoints(a[i]!, b[i]!);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
