import { isPythonWhitespace } from "../shared/text/python-str.js";

// mteval-v13a's punctuation rules as sacrebleu's `TokenizerRegexp` applies them, in order, each a global
// regex replacement over UTF-16 code units (sacrebleu's classes are ASCII, and a space is only ever
// inserted next to an ASCII character, so a surrogate pair is never split):
//   1. /([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/g → " $1 "  symbols { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ /
//   2. /([^0-9])([.,])/g → "$1 $2 "   period and comma unless preceded by a digit
//   3. /([.,])([^0-9])/g → " $1 $2"   period and comma unless followed by a digit
//   4. /([0-9])(-)/g → "$1 $2 "       dash preceded by a digit
// The rules only ever insert spaces, so each token is a slice of the line: `spans13a` finds the slices
// in one scan (or, for the rare lines where that is not enough, runs the rules as the regex engine
// runs them, left to right with matches never overlapping, on a buffer of code units that remember
// where they came from). test/metrics/judge-free/tokenizer-13a.test.ts checks both against the regexes.

const space = 0x20;
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isPeriodOrComma(c: number): boolean {
  return c === 0x2e || c === 0x2c;
}

/** Rule 1's character class. */
function isSymbol(c: number): boolean {
  return (
    (c >= 0x7b && c <= 0x7e) ||
    (c >= 0x5b && c <= 0x60) ||
    (c >= 0x20 && c <= 0x26) ||
    (c >= 0x28 && c <= 0x2b) ||
    (c >= 0x3a && c <= 0x40) ||
    c === 0x2f
  );
}

/** Two buffers of code units with their source offsets, swapped between passes, reused across calls. */
let units = [new Uint16Array(512), new Uint16Array(512)];
let sources = [new Int32Array(512), new Int32Array(512)];

function ensureCapacity(size: number): void {
  if (units[0]!.length >= size) return;
  const grown = 2 ** Math.ceil(Math.log2(size));
  units = [new Uint16Array(grown), new Uint16Array(grown)];
  sources = [new Int32Array(grown), new Int32Array(grown)];
}

/** One pass of rules 2-4: a match is `first` then `second` at positions i, i+1; `rule` picks the output. */
function pairPass(from: number, length: number, rule: 2 | 3 | 4): number {
  const inUnits = units[from]!;
  const inSources = sources[from]!;
  const outUnits = units[1 - from]!;
  const outSources = sources[1 - from]!;
  let n = 0;
  let i = 0;
  while (i < length) {
    const a = inUnits[i]!;
    const b = i + 1 < length ? inUnits[i + 1]! : -1;
    const matched =
      b >= 0 &&
      (rule === 2
        ? !isDigit(a) && isPeriodOrComma(b)
        : rule === 3
          ? isPeriodOrComma(a) && !isDigit(b)
          : isDigit(a) && b === 0x2d);
    if (!matched) {
      outUnits[n] = a;
      outSources[n++] = inSources[i]!;
      i += 1;
      continue;
    }
    if (rule === 3) {
      outUnits[n] = space;
      outSources[n++] = -1;
    }
    outUnits[n] = a;
    outSources[n++] = inSources[i]!;
    outUnits[n] = space;
    outSources[n++] = -1;
    outUnits[n] = b;
    outSources[n++] = inSources[i + 1]!;
    if (rule !== 3) {
      outUnits[n] = space;
      outSources[n++] = -1;
    }
    i += 2;
  }
  return n;
}

/** sacrebleu's line preparation: drops `<skipped>`, joins lines, unescapes four HTML entities. */
function prepare(input: string): string {
  let line = input;
  if (line.includes("<skipped>")) line = line.replaceAll("<skipped>", "");
  if (line.includes("\n")) line = line.replaceAll("-\n", "").replaceAll("\n", " ");
  if (line.includes("&")) {
    line = line
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  }
  return line;
}

/** Token spans of one line: token k is `line.slice(spans[2k], spans[2k + 1])`. */
export interface Spans13a {
  /** The prepared line (after `<skipped>`, newlines and entities). */
  line: string;
  /** Start and end offsets into `line`, two per token; reused by the next call. */
  spans: Int32Array;
  /** Number of tokens. */
  count: number;
}

let spanBuffer = new Int32Array(256);

function pushSpan(count: number, start: number, end: number): void {
  if (spanBuffer.length < 2 * count + 2) {
    const grown = new Int32Array(spanBuffer.length * 2);
    grown.set(spanBuffer);
    spanBuffer = grown;
  }
  spanBuffer[2 * count] = start;
  spanBuffer[2 * count + 1] = end;
}

/**
 * The tokens of {@link tokens13a} as offsets into the prepared line. Lines where a period or comma
 * follows another (the only place where the rules' left-to-right matching depends on what an earlier
 * match consumed) run the four rules pass by pass; every other line is tokenised in one scan, where
 * each character's fate depends only on its neighbours: whitespace separates; a rule-1 symbol stands
 * alone; a period or comma stands alone unless digits stand on both sides; a dash stands alone after
 * a digit.
 */
export function spans13a(input: string): Spans13a {
  const line = prepare(input);
  for (let i = 1; i < line.length; i++) {
    if (isPeriodOrComma(line.charCodeAt(i)) && isPeriodOrComma(line.charCodeAt(i - 1))) {
      const count = spansByPasses(line); // may grow spanBuffer: read it after
      return { line, spans: spanBuffer, count };
    }
  }
  let count = 0;
  let start = -1;
  let previous = space;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (isPythonWhitespace(c)) {
      if (start >= 0) pushSpan(count++, start, i);
      start = -1;
    } else if (
      isSymbol(c) ||
      (isPeriodOrComma(c) &&
        !(isDigit(previous) && i + 1 < line.length && isDigit(line.charCodeAt(i + 1)))) ||
      (c === 0x2d && isDigit(previous))
    ) {
      if (start >= 0) pushSpan(count++, start, i);
      pushSpan(count++, i, i + 1);
      start = -1;
    } else if (start < 0) {
      start = i;
    }
    previous = c;
  }
  if (start >= 0) pushSpan(count++, start, line.length);
  return { line, spans: spanBuffer, count };
}

/** The four rules pass by pass over a buffer of code units; writes the spans, returns their count. */
function spansByPasses(line: string): number {
  ensureCapacity(line.length * 24 + 32);
  // Rule 1 over sacrebleu's padded line ` ${line} ` (the pads are index -1 and line.length).
  let n = 0;
  const u = units[0]!;
  const s = sources[0]!;
  let dash = false;
  for (let i = -1; i <= line.length; i++) {
    const c = i < 0 || i === line.length ? space : line.charCodeAt(i);
    const source = i < 0 || i === line.length ? -1 : i;
    if (isSymbol(c)) {
      u[n] = space;
      s[n++] = -1;
      u[n] = c;
      s[n++] = source;
      u[n] = space;
      s[n++] = -1;
    } else {
      u[n] = c;
      s[n++] = source;
      if (c === 0x2d) dash = true;
    }
  }
  let at = 0;
  n = pairPass(at, n, 2);
  at = 1 - at;
  n = pairPass(at, n, 3);
  at = 1 - at;
  if (dash) {
    n = pairPass(at, n, 4);
    at = 1 - at;
  }
  const outUnits = units[at]!;
  const outSources = sources[at]!;
  let count = 0;
  let start = -1;
  for (let i = 0; i <= n; i++) {
    const blank = i === n || isPythonWhitespace(outUnits[i]!);
    if (!blank) {
      if (start < 0) start = outSources[i]!;
    } else if (start >= 0) {
      pushSpan(count++, start, outSources[i - 1]! + 1);
      start = -1;
    }
  }
  return count;
}

/**
 * sacrebleu's default `13a` tokenizer: drops `<skipped>`, joins lines, unescapes four HTML entities,
 * splits off punctuation, and joins tokens with single spaces (splitting on Python's whitespace).
 *
 * @example
 * tokenize13a("Hello, world."); // "Hello , world ."
 */
export function tokenize13a(input: string): string {
  return tokens13a(input).join(" ");
}

/** The tokens of {@link tokenize13a}, before they are joined with spaces. */
export function tokens13a(input: string): string[] {
  const { line, spans, count } = spans13a(input);
  const out = new Array<string>(count);
  for (let k = 0; k < count; k++) out[k] = line.slice(spans[2 * k], spans[2 * k + 1]);
  return out;
}
