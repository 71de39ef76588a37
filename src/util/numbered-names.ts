/**
 * Names made distinct by numbering each repeat: the first keeps its name, the next ones get `#2`, `#3`, ..., skipping
 * a number whose name is taken (so `a`, `a`, `a#2` gives `a`, `a#3`, `a#2`). Judges named by their file's base name
 * (`a.gguf` from two folders) stay apart in results this way.
 *
 * @example
 * numberedNames(["a.gguf", "b.gguf", "a.gguf"]); // ["a.gguf", "b.gguf", "a.gguf#2"]
 */
export function numberedNames(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 2;
    while (taken.has(`${name}#${n}`)) n++;
    const numbered = `${name}#${n}`;
    taken.add(numbered);
    return numbered;
  });
}
