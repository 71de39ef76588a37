/** Characters a POSIX shell reads as part of a plain word. */
const plain = /^[A-Za-z0-9_./:=,+@%-]+$/;

/**
 * One word of a command line as a POSIX shell reads it back: plain words as they are, others in single quotes.
 *
 * @example
 * shellWord("a b"); // "'a b'"
 * shellWord("it's"); // "'it'\\''s'"
 */
export function shellWord(word: string): string {
  return plain.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** A command line from its words (see {@link shellWord}). */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(" ");
}
