/**
 * Character offsets of tokens. `@huggingface/tokenizers` returns token strings without offsets, so each token's
 * surface form (its text without the `##` / `▁` / byte-level markers) is found again, in order, in the text as the
 * tokenizer's normalizer sees it, character by character, and mapped back to the original characters.
 */

/** What offset alignment needs to know about a tokenizer. */
export interface OffsetRules {
  /** Byte-level BPE (GPT-2 / RoBERTa / ModernBERT): tokens spell UTF-8 bytes, spaces included. */
  byteLevel: boolean;
  /** Prefix of word-continuing pieces (`##` for WordPiece). */
  continuingSubwordPrefix?: string | undefined;
  /** Suffix that ends a word (`</w>` in some BPE models). */
  endOfWordSuffix?: string | undefined;
  /** Metaspace replacement character (`▁`), read as a space. */
  metaspace?: string | undefined;
  /** The unknown token, whose text is whatever lies before the next token. */
  unkToken?: string | undefined;
  /** Added tokens (special or not), matched literally. */
  addedTokens: ReadonlySet<string>;
  /** The tokenizer's normalizer, applied to one character at a time. */
  normalize?: ((text: string) => string) | undefined;
}

/** GPT-2's byte-to-character table, inverted: byte-level token characters back to byte values. */
const BYTE_OF_CHAR: ReadonlyMap<string, number> = (() => {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const map = new Map<string, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    if (printable.includes(b)) map.set(String.fromCodePoint(b), b);
    else map.set(String.fromCodePoint(256 + extra++), b);
  }
  return map;
})();

const WHITESPACE = /^\s$/u;

/** A loose comparison key, so per-character normalization and whole-text normalization agree. */
function key(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase();
}

interface Unit {
  value: string;
  start: number;
  end: number;
}

/** The normalized text as comparison units (code points, or bytes for byte-level), each with its original span. */
function textUnits(text: string, rules: OffsetRules): Unit[] {
  const units: Unit[] = [];
  let index = 0;
  for (const char of text) {
    const start = index;
    index += char.length;
    const normalized = rules.normalize ? rules.normalize(char) : char;
    if (rules.byteLevel) {
      for (const byte of Buffer.from(normalized, "utf8")) {
        units.push({ value: String.fromCharCode(byte), start, end: index });
      }
    } else {
      for (const c of key(normalized)) units.push({ value: c, start, end: index });
    }
  }
  return units;
}

/** A token's surface as comparison units, or undefined when it has none to look for (the unknown token). */
function tokenUnits(token: string, rules: OffsetRules): string[] | undefined {
  if (rules.addedTokens.has(token)) return [...key(token)].filter((c) => !WHITESPACE.test(c));
  if (token === rules.unkToken) return undefined;
  if (rules.byteLevel) {
    const bytes: string[] = [];
    for (const c of token) {
      const byte = BYTE_OF_CHAR.get(c);
      if (byte === undefined) return undefined;
      bytes.push(String.fromCharCode(byte));
    }
    return bytes;
  }
  let surface = token;
  if (rules.continuingSubwordPrefix && surface.startsWith(rules.continuingSubwordPrefix)) {
    surface = surface.slice(rules.continuingSubwordPrefix.length);
  }
  if (rules.endOfWordSuffix && surface.endsWith(rules.endOfWordSuffix)) {
    surface = surface.slice(0, -rules.endOfWordSuffix.length);
  }
  if (rules.metaspace) surface = surface.split(rules.metaspace).join(" ");
  return [...key(surface)].filter((c) => !WHITESPACE.test(c));
}

/** Where `wanted` matches the units from `from` on (whitespace skipped unless byte-level), or undefined. */
function matchAt(
  units: Unit[],
  from: number,
  wanted: string[],
  byteLevel: boolean,
): [number, number] | undefined {
  let i = from;
  if (!byteLevel) while (i < units.length && WHITESPACE.test(units[i]!.value)) i++;
  const first = i;
  for (const w of wanted) {
    if (!byteLevel) while (i < units.length && WHITESPACE.test(units[i]!.value) && w !== units[i]!.value) i++;
    if (i >= units.length || units[i]!.value !== w) return undefined;
    i++;
  }
  return [first, i];
}

/** Narrows `[start, end)` to exclude whitespace at either end (Hugging Face's `trim_offsets`), unless all blank. */
function trim(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && /\s/u.test(text[s]!)) s++;
  while (e > s && /\s/u.test(text[e - 1]!)) e--;
  return s < e ? [s, e] : [start, start];
}

/** How far ahead a token whose surface does not match at the cursor is looked for. */
const LOOKAHEAD_UNITS = 64;

/**
 * Character offsets `[start, end)` in `text` of each token of `tokens` (the text's tokens, no special tokens), in
 * order and never overlapping. A token with no findable surface (the unknown token, or a normalization this does
 * not reproduce) covers the text up to where the next token is found, or to the end of the current word.
 */
export function tokenOffsets(
  text: string,
  tokens: readonly string[],
  rules: OffsetRules,
): Array<[start: number, end: number]> {
  const units = textUnits(text, rules);
  const spans: Array<[number, number]> = [];
  let cursor = 0;
  const spanOf = (a: number, b: number): [number, number] =>
    b > a
      ? trim(text, units[a]!.start, units[b - 1]!.end)
      : [units[a]?.start ?? text.length, units[a]?.start ?? text.length];
  for (let t = 0; t < tokens.length; t++) {
    const wanted = tokenUnits(tokens[t]!, rules);
    const hit = wanted && wanted.length > 0 ? matchAt(units, cursor, wanted, rules.byteLevel) : undefined;
    if (hit) {
      spans.push(spanOf(hit[0], hit[1]));
      cursor = hit[1];
      continue;
    }
    if (wanted && wanted.length === 0) {
      // A bare marker (a lone `▁`): zero width where the next text starts.
      spans.push(spanOf(cursor, cursor));
      continue;
    }
    // Unknown surface: up to the next token found ahead, else to the end of the word.
    let start = cursor;
    while (start < units.length && WHITESPACE.test(units[start]!.value)) start++;
    let end = start;
    const next = tokens[t + 1] === undefined ? undefined : tokenUnits(tokens[t + 1]!, rules);
    let found = false;
    if (next && next.length > 0) {
      for (let at = start + 1; at <= Math.min(units.length - 1, start + LOOKAHEAD_UNITS); at++) {
        if (matchAt(units, at, next, rules.byteLevel)) {
          end = at;
          found = true;
          break;
        }
      }
    }
    if (!found) {
      end = start;
      while (end < units.length && !WHITESPACE.test(units[end]!.value)) end++;
    }
    spans.push(spanOf(start, Math.max(start, end)));
    cursor = Math.max(start, end);
  }
  return spans;
}
