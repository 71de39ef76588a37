import { pythonSplit } from "../shared/text/python-str.js";

/** mteval-v13a's punctuation rules as sacrebleu's `TokenizerRegexp` applies them, in order. */
// Without the u flag, as sacrebleu: the classes are ASCII, and a space is only ever inserted next to
// an ASCII character, so a surrogate pair is never split.
const rules: ReadonlyArray<readonly [RegExp, string]> = [
  // symbols { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ /
  [/([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/g, " $1 "],
  // period and comma unless preceded by a digit
  [/([^0-9])([.,])/g, "$1 $2 "],
  // period and comma unless followed by a digit
  [/([.,])([^0-9])/g, " $1 $2"],
  // dash preceded by a digit
  [/([0-9])(-)/g, "$1 $2 "],
];

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
  let line = input.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ");
  if (line.includes("&")) {
    line = line
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  }
  line = ` ${line} `;
  for (const [pattern, replacement] of rules) line = line.replace(pattern, replacement);
  return pythonSplit(line);
}
