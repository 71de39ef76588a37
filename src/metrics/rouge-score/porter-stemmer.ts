// The Porter stemmer as NLTK's `PorterStemmer()` runs it by default (mode NLTK_EXTENSIONS), which is
// what Google's rouge_score uses with `use_stemmer=True`. Written here because the JavaScript Porter
// stemmers follow the original paper or Martin Porter's own extensions, which stem some words
// differently (e.g. "dying", "skies", "generously"); test/metrics/porter-stemmer.test.ts checks
// NLTK's documented outputs.

type Condition = (stem: string) => boolean;
/** A rule: suffix, replacement, condition on the stem left after removing the suffix. */
type Rule = readonly [suffix: string, replacement: string, condition: Condition | null];

/** NLTK's irregular forms, looked up before any step. */
const irregular: Readonly<Record<string, string>> = {
  sky: "sky",
  skies: "sky",
  dying: "die",
  lying: "lie",
  tying: "tie",
  news: "news",
  innings: "inning",
  inning: "inning",
  outings: "outing",
  outing: "outing",
  cannings: "canning",
  canning: "canning",
  howe: "howe",
  proceed: "proceed",
  exceed: "exceed",
  succeed: "succeed",
};

function isVowelLetter(ch: string): boolean {
  return ch === "a" || ch === "e" || ch === "i" || ch === "o" || ch === "u";
}

/** True at each index holding a consonant; `y` is a consonant at the start and after a vowel. */
function consonantFlags(word: string): boolean[] {
  const flags: boolean[] = [];
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    if (isVowelLetter(ch)) flags.push(false);
    else if (ch === "y") flags.push(i === 0 ? true : !flags[i - 1]);
    else flags.push(true);
  }
  return flags;
}

function isConsonant(word: string, i: number): boolean {
  return consonantFlags(word.slice(0, i + 1))[i]!;
}

/** Porter's m: the number of vowel-consonant sequences. */
function measure(stem: string): number {
  const flags = consonantFlags(stem);
  let m = 0;
  for (let i = 1; i < flags.length; i++) if (!flags[i - 1] && flags[i]) m++;
  return m;
}

const positiveMeasure: Condition = (stem) => measure(stem) > 0;
const measureAboveOne: Condition = (stem) => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  return consonantFlags(stem).some((c) => !c);
}

function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);
}

function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3) {
    const last = word[n - 1]!;
    if (
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      last !== "w" &&
      last !== "x" &&
      last !== "y"
    ) {
      return true;
    }
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

/** The first rule whose suffix matches decides: its replacement when the condition holds, else no change. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d") {
      if (endsDoubleConsonant(word)) {
        const stem = word.slice(0, -2);
        return condition === null || condition(stem) ? stem + replacement : word;
      }
      continue;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix === "" ? word : word.slice(0, -suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith("ies") && word.length === 4) return `${word.slice(0, -3)}ie`;
  return applyRules(word, [
    ["sses", "ss", null],
    ["ies", "i", null],
    ["ss", "ss", null],
    ["s", "", null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith("ied")) return word.length === 4 ? `${word.slice(0, -3)}ie` : `${word.slice(0, -3)}i`;
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, -suffix.length);
      if (containsVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === undefined) return word;
  const last = stem.at(-1) ?? "";
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => last !== "l" && last !== "s" && last !== "z"],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [["y", "i", (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  if (word.endsWith("alli") && positiveMeasure(word.slice(0, -4))) {
    return step2(`${word.slice(0, -4)}al`);
  }
  return applyRules(word, [
    ["ational", "ate", positiveMeasure],
    ["tional", "tion", positiveMeasure],
    ["enci", "ence", positiveMeasure],
    ["anci", "ance", positiveMeasure],
    ["izer", "ize", positiveMeasure],
    ["bli", "ble", positiveMeasure],
    ["alli", "al", positiveMeasure],
    ["entli", "ent", positiveMeasure],
    ["eli", "e", positiveMeasure],
    ["ousli", "ous", positiveMeasure],
    ["ization", "ize", positiveMeasure],
    ["ation", "ate", positiveMeasure],
    ["ator", "ate", positiveMeasure],
    ["alism", "al", positiveMeasure],
    ["iveness", "ive", positiveMeasure],
    ["fulness", "ful", positiveMeasure],
    ["ousness", "ous", positiveMeasure],
    ["aliti", "al", positiveMeasure],
    ["iviti", "ive", positiveMeasure],
    ["biliti", "ble", positiveMeasure],
    ["fulli", "ful", positiveMeasure],
    ["logi", "log", () => positiveMeasure(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyRules(word, [
    ["icate", "ic", positiveMeasure],
    ["ative", "", positiveMeasure],
    ["alize", "al", positiveMeasure],
    ["iciti", "ic", positiveMeasure],
    ["ical", "ic", positiveMeasure],
    ["ful", "", positiveMeasure],
    ["ness", "", positiveMeasure],
  ]);
}

function step4(word: string): string {
  return applyRules(word, [
    ["al", "", measureAboveOne],
    ["ance", "", measureAboveOne],
    ["ence", "", measureAboveOne],
    ["er", "", measureAboveOne],
    ["ic", "", measureAboveOne],
    ["able", "", measureAboveOne],
    ["ible", "", measureAboveOne],
    ["ant", "", measureAboveOne],
    ["ement", "", measureAboveOne],
    ["ment", "", measureAboveOne],
    ["ent", "", measureAboveOne],
    ["ion", "", (stem) => measure(stem) > 1 && (stem.endsWith("s") || stem.endsWith("t"))],
    ["ou", "", measureAboveOne],
    ["ism", "", measureAboveOne],
    ["ate", "", measureAboveOne],
    ["iti", "", measureAboveOne],
    ["ous", "", measureAboveOne],
    ["ive", "", measureAboveOne],
    ["ize", "", measureAboveOne],
  ]);
}

function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  if (m > 1) return stem;
  if (m === 1 && !endsCvc(stem)) return stem;
  return word;
}

function step5b(word: string): string {
  return applyRules(word, [["ll", "l", () => measure(word.slice(0, -1)) > 1]]);
}

/**
 * Stems one lower-case word as NLTK's default `PorterStemmer().stem(word)` does.
 *
 * @example
 * porterStem("running"); // "run"
 * porterStem("generously"); // "gener"
 */
export function porterStem(word: string): string {
  const cached = memo.get(word);
  if (cached !== undefined) return cached;
  const stem = stemUncached(word);
  if (memo.size >= memoLimit) memo.clear();
  memo.set(word, stem);
  return stem;
}

/** Stems of recent words: text repeats words, and stemming is the costly part of ROUGE. */
const memo = new Map<string, string>();
const memoLimit = 50_000;

function stemUncached(word: string): string {
  const lower = word.toLowerCase();
  const known = irregular[lower];
  if (known !== undefined && Object.hasOwn(irregular, lower)) return known;
  if (word.length <= 2) return lower;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(lower))))))));
}
