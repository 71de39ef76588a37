import { createHash } from "node:crypto";

/**
 * JSON with object keys sorted at every level and `undefined` members dropped, so equal values
 * always give equal text (and equal hashes).
 *
 * @example
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value !== null && typeof value === "object") {
    // No prototype: a key named `__proto__` stays a key (and in the JSON), never the object's prototype.
    const out: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * sha256 (lower-case hex) of in-memory text or bytes. Files are hashed by streaming with
 * `sha256File` in models/.
 *
 * @example
 * sha256OfData("abc"); // "ba7816bf..."
 */
export function sha256OfData(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * sha256 of a value's canonical JSON: equal values give equal digests whatever their key order.
 *
 * @example
 * canonicalHash({ b: 1, a: 2 }) === canonicalHash({ a: 2, b: 1 }); // true
 */
export function canonicalHash(value: unknown): string {
  return sha256OfData(canonicalJson(value));
}
