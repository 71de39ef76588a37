/**
 * Names made distinct by numbering each repeat: the first keeps its name, the second gets `#2`, the third `#3`.
 * Judges named by their file's base name (`a.gguf` from two folders) stay apart in results this way.
 *
 * @example
 * numberedNames(["a.gguf", "b.gguf", "a.gguf"]); // ["a.gguf", "b.gguf", "a.gguf#2"]
 */
export function numberedNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}#${n}`;
  });
}
