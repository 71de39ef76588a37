/**
 * Deterministic keyphrase extraction (no judge call): the phrases that say what a chunk is about, used to pair
 * related chunks for the multi-hop question types and as the themes a question must take up. A RAKE-like method:
 * candidates are the two- and three-word sequences inside runs of content words (between stop words and
 * punctuation) and each run's content words of four letters or more; a candidate scores its count in the chunk times its word count,
 * times a mild inverse document frequency over all chunks (phrases shared by a few chunks stay, phrases in nearly
 * every chunk sink). A 0.5B judge asked for keyphrases writes them slowly (one call per chunk) and unevenly, so the
 * plan does not ask it; see docs/generate.md.
 */

/** Common English function words: never part of a keyphrase. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between " +
    "both but by can could did do does doing down during each few for from further had has have having he her here " +
    "hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of " +
    "off on once only or other our ours ourselves out over own same she should so some such than that the their " +
    "theirs them themselves then there these they this those through to too under until up very was we were what " +
    "when where which while who whom why will with would you your yours yourself yourselves one two may might must " +
    "shall many much often however thus therefore within without upon via per among across every either neither " +
    "each whose yet since while"
  ).split(" "),
);

/** Most keyphrases kept per chunk. */
export const KEYPHRASES_PER_CHUNK = 10;

const MAX_PHRASE_WORDS = 3;
const MIN_SINGLE_WORD_LETTERS = 4;

interface Candidate {
  key: string;
  words: number;
}

function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  return !STOP_WORDS.has(lower) && /\p{L}/u.test(word) && lower.length >= 2;
}

/** The candidate phrases of one text, in text order (repeats included: their count is the term frequency). */
function candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  // Sentences and clauses end at punctuation; a phrase never spans one.
  for (const clause of text.split(/[.,;:!?()[\]{}"“”«»\n\r\t|/\\–—]+|\s-\s/u)) {
    const words = clause.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    let run: string[] = [];
    const flush = (): void => {
      for (let size = 2; size <= MAX_PHRASE_WORDS; size++) {
        for (let i = 0; i + size <= run.length; i++) {
          out.push({
            key: run
              .slice(i, i + size)
              .join(" ")
              .toLowerCase(),
            words: size,
          });
        }
      }
      for (const word of run) {
        if (word.length >= MIN_SINGLE_WORD_LETTERS) out.push({ key: word.toLowerCase(), words: 1 });
      }
      run = [];
    };
    for (const word of words) {
      if (isContentWord(word) && !/^\p{N}+$/u.test(word)) run.push(word);
      else flush();
    }
    flush();
  }
  return out;
}

/** The distinct candidate phrases of a text, lower-cased: every phrase that can be one of its keyphrases. */
export function phraseCandidates(text: string): Set<string> {
  return new Set(candidates(text).map((c) => c.key));
}

/**
 * The keyphrases of each text (at most {@link KEYPHRASES_PER_CHUNK}, best first, lower-cased), scored against all
 * `texts` together so that frequency across them counts.
 *
 * @example
 * extractKeyphrases(["The Eiffel Tower stands in Paris.", "Paris hosts the Louvre."]);
 * // [["eiffel tower stands", "eiffel tower", "tower stands", ...], ["paris hosts", "hosts", "louvre", "paris"]]
 */
export function extractKeyphrases(texts: readonly string[]): string[][] {
  const perText = texts.map(candidates);
  const documentFrequency = new Map<string, number>();
  for (const list of perText) {
    for (const key of new Set(list.map((c) => c.key))) {
      documentFrequency.set(key, (documentFrequency.get(key) ?? 0) + 1);
    }
  }
  const n = texts.length;
  return perText.map((list) => {
    const scores = new Map<string, { score: number; first: number }>();
    list.forEach((c, position) => {
      const idf = Math.log(1 + n / (documentFrequency.get(c.key) ?? 1));
      const entry = scores.get(c.key) ?? { score: 0, first: position };
      entry.score += c.words * idf;
      scores.set(c.key, entry);
    });
    return [...scores.entries()]
      .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
      .slice(0, KEYPHRASES_PER_CHUNK)
      .map(([key]) => key);
  });
}

/** The keyphrases two lists share, in the first list's order. */
export function sharedKeyphrases(a: readonly string[], b: readonly string[]): string[] {
  const other = new Set(b);
  return a.filter((k) => other.has(k));
}
