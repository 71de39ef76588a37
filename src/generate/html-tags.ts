// The tag passes of htmlToText as scans that read each character a bounded number of times. Each pass replaces what
// one regular expression matched before (named above each function) and gives the same text; the expressions
// searched again from every `<` when a closing part was missing, so 300 KB of `x<` took 20 s.

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);

/** `text` with A–Z lowered and nothing else changed (the same length): how a non-Unicode `/i` regex folds case. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The first place at or after a position where `find` succeeds, remembered: asked again from a later position up to
 * the answer (or anywhere after a failed search), it answers without searching. The passes ask from positions that
 * only grow, so all the searches of a pass read the text about once.
 */
class NextMatch<T extends { start: number }> {
  private from = Number.POSITIVE_INFINITY;
  private found: T | undefined;

  constructor(private readonly find: (from: number) => T | undefined) {}

  at(from: number): T | undefined {
    const known = from >= this.from && (this.found === undefined || this.found.start >= from);
    if (!known) {
      this.from = from;
      this.found = this.find(from);
    }
    return this.found;
  }
}

/** The next `needle` at or after a position in `haystack`, as a {@link NextMatch}. */
function nextIndex(haystack: string, needle: string): NextMatch<{ start: number }> {
  return new NextMatch((from) => {
    const start = haystack.indexOf(needle, from);
    return start === -1 ? undefined : { start };
  });
}

/** The next closing tag `</name\s*>` (matched in `lower`, the lowered text) at or after a position. */
function nextClosingTag(lower: string, name: string): NextMatch<{ start: number; end: number }> {
  const open = `</${name}`;
  return new NextMatch((from) => {
    for (let start = lower.indexOf(open, from); start !== -1; start = lower.indexOf(open, start + 1)) {
      let end = start + open.length;
      while (isSpace(lower[end])) end++;
      if (lower[end] === ">") return { start, end: end + 1 };
    }
    return undefined;
  });
}

/** One match of a pass: where it starts and ends, and its replacement. */
interface TagMatch {
  start: number;
  end: number;
  replacement: string;
}

/**
 * Replaces, left to right without overlaps as a global regex does, the matches `matchAt` finds at `<` characters.
 * `matchAt` returns undefined when nothing matches at that `<`, or "none" when no match can start there or later.
 */
function replaceAtTags(text: string, matchAt: (at: number) => TagMatch | undefined | "none"): string {
  let out = "";
  let copied = 0;
  for (let at = text.indexOf("<"); at !== -1; ) {
    const match = matchAt(at);
    if (match === "none") break;
    if (match === undefined) {
      at = text.indexOf("<", at + 1);
      continue;
    }
    out += text.slice(copied, match.start) + match.replacement;
    copied = match.end;
    at = text.indexOf("<", match.end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `text.replace(/<[^>]*>/g, replacement)`: every tag, from `<` to the next `>`. */
export function replaceTags(text: string, replacement: string): string {
  const close = nextIndex(text, ">");
  return replaceAtTags(text, (at) => {
    const gt = close.at(at + 1);
    return gt === undefined ? "none" : { start: at, end: gt.start + 1, replacement };
  });
}

/** `text.replace(/<!--[\s\S]*?-->/g, " ")`: comments; an unclosed one stays. */
export function dropComments(text: string): string {
  const close = nextIndex(text, "-->");
  return replaceAtTags(text, (at) => {
    if (!text.startsWith("<!--", at)) return undefined;
    const end = close.at(at + 4);
    return end === undefined ? "none" : { start: at, end: end.start + 3, replacement: " " };
  });
}

/**
 * `text.replace(/<(name|...)\b[\s\S]*?<\/\1\s*>/gi, " ")` for the given element names: each element with its
 * contents (scripts, styles), the closing tag in any case.
 */
export function dropElements(text: string, names: readonly string[]): string {
  const lower = asciiLower(text);
  const closers = new Map(names.map((name) => [name, nextClosingTag(lower, name)]));
  return replaceAtTags(text, (at) => {
    const name = names.find((n) => lower.startsWith(n, at + 1) && !isWordChar(lower[at + 1 + n.length]));
    if (name === undefined) return undefined;
    const closing = closers.get(name)!.at(at + 1 + name.length);
    return closing === undefined ? undefined : { start: at, end: closing.end, replacement: " " };
  });
}

/** `text.replace(/<!doctype[^>]*>/gi, " ")`. */
export function dropDoctypes(text: string): string {
  const lower = asciiLower(text);
  const close = nextIndex(text, ">");
  return replaceAtTags(text, (at) => {
    if (!lower.startsWith("<!doctype", at)) return undefined;
    const gt = close.at(at + 9);
    return gt === undefined ? "none" : { start: at, end: gt.start + 1, replacement: " " };
  });
}

/**
 * `text.replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_, level, inner) => heading(level, inner))`: each
 * heading element, given its level and its inner HTML.
 */
export function replaceHeadings(text: string, heading: (level: number, inner: string) => string): string {
  const lower = asciiLower(text);
  const close = nextIndex(text, ">");
  const closers = [1, 2, 3, 4, 5, 6].map((level) => nextClosingTag(lower, `h${level}`));
  return replaceAtTags(text, (at) => {
    const level = Number(lower[at + 2]);
    if (lower[at + 1] !== "h" || !(level >= 1 && level <= 6) || isWordChar(lower[at + 3])) return undefined;
    const gt = close.at(at + 3);
    if (gt === undefined) return "none";
    const closing = closers[level - 1]!.at(gt.start + 1);
    if (closing === undefined) return undefined;
    const inner = text.slice(gt.start + 1, closing.start);
    return { start: at, end: closing.end, replacement: heading(level, inner) };
  });
}

/**
 * `text.replace(new RegExp(`<\\/?(?:${names.join("|")})\\b[^>]*>`, "gi"), replacement)`: the opening and closing
 * tags of the given elements (lower case names).
 */
export function replaceElementTags(text: string, names: ReadonlySet<string>, replacement: string): string {
  const close = nextIndex(text, ">");
  return replaceAtTags(text, (at) => {
    let from = at + 1;
    if (text[from] === "/") from++;
    let to = from;
    while (isWordChar(text[to])) to++;
    if (to === from || !names.has(text.slice(from, to).toLowerCase())) return undefined;
    const gt = close.at(to);
    return gt === undefined ? "none" : { start: at, end: gt.start + 1, replacement };
  });
}
