/**
 * Names every JavaScript object already answers to: `__proto__`, `constructor`, `toString`, ... (the properties of
 * `Object.prototype`), and `prototype`. User text that becomes an object key (a metric id, an input or output key)
 * must not be one of them: reading such a key finds the inherited value, and writing `__proto__` changes the
 * object's prototype instead of adding a key.
 *
 * @example
 * isPrototypeKey("__proto__"); // true
 * isPrototypeKey("score"); // false
 */
export function isPrototypeKey(key: string): boolean {
  return key === "prototype" || key in Object.prototype;
}

/** The problem with a key {@link isPrototypeKey} refuses, and what to do. */
export function prototypeKeyProblem(key: string): string {
  return `"${key}" is a name every JavaScript object already has (like __proto__ and constructor), so it cannot be used as a key; choose another name`;
}

/**
 * The value under an object's own key, never an inherited one (`answer.constructor` is Object's constructor).
 *
 * @example
 * ownValue({ score: 1 }, "score"); // 1
 * ownValue({}, "constructor"); // undefined
 */
export function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}
