// Levenshtein distance between two strings of UTF-16 code units. fastest-levenshtein computes it with
// Myers' bit-parallel algorithm; for the shorter string between 33 and 96 units (two or three 32-bit
// words: a sentence or a short paragraph, the common case for contexts and answers) this file runs the
// same algorithm (Myers 1999, with Hyyrö's carry between words) with the words unrolled into local
// variables, which is about 1.3-1.5× faster. The steps of words 1 and 2 are written out on purpose:
// a shared step function (state passed through module variables) measured no faster than the library.
// test/metrics/judge-free/levenshtein.test.ts compares this with fastest-levenshtein and the full table.
import { distance as fastestLevenshtein } from "fastest-levenshtein";

/** Per code unit: its slot among the pattern's distinct units (0: not in the pattern). */
const slotOf = new Int32Array(0x10000);
/** Per slot and word: the pattern positions holding that unit (bit i of word w: position 32w + i). */
let match0 = new Int32Array(128);
let match1 = new Int32Array(128);
let match2 = new Int32Array(128);

/** Fills the match masks of `pattern` (33..96 units). */
function prepare(pattern: string): void {
  let slots = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (slotOf[c] === 0) slotOf[c] = ++slots;
  }
  if (match0.length <= slots) {
    match0 = new Int32Array(2 * slots + 2);
    match1 = new Int32Array(2 * slots + 2);
    match2 = new Int32Array(2 * slots + 2);
  } else {
    match0.fill(0, 0, slots + 1);
    match1.fill(0, 0, slots + 1);
    match2.fill(0, 0, slots + 1);
  }
  for (let i = 0; i < pattern.length; i++) {
    const slot = slotOf[pattern.charCodeAt(i)]!;
    if (i < 32) match0[slot]! |= 1 << i;
    else if (i < 64) match1[slot]! |= 1 << (i - 32);
    else match2[slot]! |= 1 << (i - 64);
  }
}

/**
 * Distance between `pattern` (33..96 units) and `text` (any length): the pattern's column of the
 * edit table as vertical deltas in two or three words, advanced one text unit at a time.
 */
function blockMyers(pattern: string, text: string): number {
  prepare(pattern);
  const three = pattern.length > 64;
  const last = (pattern.length - 1) & 31;
  const top1 = three ? 31 : last;
  let pv0 = -1;
  let mv0 = 0;
  let pv1 = -1;
  let mv1 = 0;
  let pv2 = -1;
  let mv2 = 0;
  let score = pattern.length;
  for (let j = 0; j < text.length; j++) {
    const slot = slotOf[text.charCodeAt(j)]!;
    // Word 0; the top row of the table grows by one per text unit (carry in +1).
    let eq = match0[slot]!;
    let xv = eq | mv0;
    let xh = (((eq & pv0) + pv0) ^ pv0) | eq;
    let ph = mv0 | ~(xh | pv0);
    let mh = pv0 & xh;
    let carry = (ph >>> 31) - (mh >>> 31);
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv0 = mh | ~(xv | ph);
    mv0 = ph & xv;
    // Word 1, with the carry of word 0.
    let negative = carry >>> 31;
    let positive = (carry & 1) ^ negative;
    eq = match1[slot]!;
    xv = eq | mv1;
    eq |= negative;
    xh = (((eq & pv1) + pv1) ^ pv1) | eq;
    ph = mv1 | ~(xh | pv1);
    mh = pv1 & xh;
    carry = ((ph >>> top1) & 1) - ((mh >>> top1) & 1);
    ph = (ph << 1) | positive;
    mh = (mh << 1) | negative;
    pv1 = mh | ~(xv | ph);
    mv1 = ph & xv;
    if (!three) {
      score += carry;
      continue;
    }
    // Word 2, with the carry of word 1.
    negative = carry >>> 31;
    positive = (carry & 1) ^ negative;
    eq = match2[slot]!;
    xv = eq | mv2;
    eq |= negative;
    xh = (((eq & pv2) + pv2) ^ pv2) | eq;
    ph = mv2 | ~(xh | pv2);
    mh = pv2 & xh;
    score += ((ph >>> last) & 1) - ((mh >>> last) & 1);
    ph = (ph << 1) | positive;
    mh = (mh << 1) | negative;
    pv2 = mh | ~(xv | ph);
    mv2 = ph & xv;
  }
  for (let i = 0; i < pattern.length; i++) slotOf[pattern.charCodeAt(i)] = 0;
  return score;
}

/**
 * Levenshtein distance of two strings counted in UTF-16 code units (unit-cost insertions, deletions
 * and substitutions), as fastest-levenshtein's `distance` gives it.
 *
 * @example
 * unitLevenshtein("kitten", "sitting"); // 3
 */
export function unitLevenshtein(a: string, b: string): number {
  const shorter = a.length <= b.length ? a : b;
  if (shorter.length > 32 && shorter.length <= 96) return blockMyers(shorter, shorter === a ? b : a);
  return fastestLevenshtein(a, b);
}
