// Named texts (the `namedTexts` kind, e.g. a row's `candidates`): a list of texts is read as one, named by position.

/**
 * The names a list of texts gets, in list order: `candidate_1`, `candidate_2`, ...
 *
 * @example
 * nameListedTexts(["Paris.", "It is Paris."]); // { candidate_1: "Paris.", candidate_2: "It is Paris." }
 */
export function nameListedTexts<T>(texts: readonly T[]): Record<string, T> {
  return Object.fromEntries(texts.map((text, i) => [`candidate_${i + 1}`, text]));
}
