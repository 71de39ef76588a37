/**
 * Parses a list cell from a CSV file: a JSON array (`["a", "b"]`) or, as pandas writes lists, a Python
 * list literal of strings (`['a', "b's"]`). Returns the parsed value, or an error message.
 */
export function parseListCell(cell: string): { value: unknown } | { error: string } {
  const text = cell.trim();
  if (!text.startsWith("[")) {
    return {
      error: 'expected a JSON array of strings in this CSV cell, e.g. ["first context", "second context"]',
    };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (jsonError) {
    const python = parsePythonStringList(text);
    if (python !== undefined) return { value: python };
    const detail = jsonError instanceof Error ? jsonError.message : String(jsonError);
    return {
      error:
        `expected a list of strings in this CSV cell, as a JSON array (["a", "b"]) or a Python list (['a', 'b']), ` +
        `but it reads as neither (not valid JSON: ${detail}; nor a Python list of quoted strings)`,
    };
  }
}

const escapes: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "0": "\0",
};

/** Parses `['a', "b", 'c\'d']`; returns undefined when the text is anything else. */
function parsePythonStringList(text: string): string[] | undefined {
  const out: string[] = [];
  let i = 1;
  const skipSpace = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  skipSpace();
  if (text[i] === "]") return i === text.length - 1 ? out : undefined;
  for (;;) {
    skipSpace();
    const quote = text[i];
    if (quote !== "'" && quote !== '"') return undefined;
    i++;
    let value = "";
    for (;;) {
      if (i >= text.length) return undefined;
      const ch = text[i]!;
      if (ch === quote) break;
      if (ch === "\\") {
        const next = text[i + 1];
        if (next === undefined) return undefined;
        value += Object.hasOwn(escapes, next) ? escapes[next] : `\\${next}`;
        i += 2;
        continue;
      }
      value += ch;
      i++;
    }
    i++;
    out.push(value);
    skipSpace();
    if (text[i] === ",") {
      i++;
      skipSpace();
      if (text[i] === "]") return i === text.length - 1 ? out : undefined;
      continue;
    }
    if (text[i] === "]") return i === text.length - 1 ? out : undefined;
    return undefined;
  }
}
