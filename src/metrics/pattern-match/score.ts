// DeepEval `PatternMatchMetric`'s formula: the pattern, checked and compiled for JavaScript, and the match of the
// whole stripped response. Python `re` and JavaScript regular expressions share most syntax; the patterns whose
// meaning would differ are refused here with what to write instead, so no pattern scores differently from DeepEval.
import { pythonStrip } from "../shared/text/python-str.js";

/** Group syntaxes one language reads and the other refuses or reads differently, with what to write instead. */
const refusedSyntax: ReadonlyArray<{ test: RegExp; problem: string }> = [
  {
    test: /\(\?P[<=>]/,
    problem:
      "uses Python's named group syntax (?P<name>…) / (?P=name), which JavaScript does not read; use a plain group (…)",
  },
  {
    test: /\(\?<(?![=!])/,
    problem:
      "uses a JavaScript named group (?<name>…), which DeepEval's Python re refuses; use a plain group (…)",
  },
  {
    test: /\(\?[aiLmsux-]+\)/,
    problem:
      "sets inline flags such as (?i), which JavaScript does not read; use the ignoreCase option instead",
  },
];

/** The punctuation JavaScript's unicode mode lets a backslash escape anywhere (its syntax characters). */
const escapableEverywhere: ReadonlySet<string> = new Set("^$\\.*+?()[]{}|/");

/**
 * The pattern as JavaScript's unicode mode reads it with Python's meaning: Python reads a backslash before any
 * ASCII punctuation or space as that character (`\"`, `\-`, `\ `), unicode mode only before its syntax
 * characters, so each other escaped punctuation mark is written as its `\xHH` code.
 *
 * @example
 * javaScriptSource('\\{\\"a\\": 1\\}'); // '\\{\\x22a\\x22: 1\\}'
 */
export function javaScriptSource(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const next = pattern[i + 1];
    if (c !== "\\" || next === undefined) {
      out += c;
      continue;
    }
    i++;
    const punctuation = /^[ -/:-@[-`{-~]$/.test(next) && !escapableEverywhere.has(next);
    out += punctuation ? `\\x${next.charCodeAt(0).toString(16).padStart(2, "0")}` : `\\${next}`;
  }
  return out;
}

/**
 * Why `pattern` cannot be a DeepEval pattern here, or undefined when it can: a syntax only one of Python `re`
 * and JavaScript reads, or a pattern JavaScript's unicode mode (which refuses `\Z`, `\A` and stray escapes as
 * Python does) cannot compile.
 *
 * @example
 * patternProblem("(?P<year>\\d{4})"); // "uses Python's named group syntax ..."
 * patternProblem("\\d{4}-\\d{2}"); // undefined
 */
export function patternProblem(pattern: string): string | undefined {
  const refused = refusedSyntax.find((s) => s.test.test(pattern));
  if (refused !== undefined) return refused.problem;
  try {
    new RegExp(javaScriptSource(pattern), "u");
    return undefined;
  } catch (error) {
    return `is not a regular expression JavaScript and Python read alike: ${(error as Error).message}`;
  }
}

/**
 * DeepEval's pattern as a JavaScript expression that matches only whole texts (Python `re.fullmatch`): the pattern
 * stripped of Python whitespace, in unicode mode, case-insensitive with `ignoreCase`. Throws on a pattern
 * {@link patternProblem} refuses.
 *
 * @example
 * compilePattern("  [A-Z]{3}-\\d+ ", false).test("ABC-12"); // true
 */
export function compilePattern(pattern: string, ignoreCase: boolean): RegExp {
  const stripped = pythonStrip(pattern);
  const problem = patternProblem(stripped);
  if (problem !== undefined) throw new SyntaxError(`pattern ${JSON.stringify(stripped)} ${problem}`);
  return new RegExp(`^(?:${javaScriptSource(stripped)})$`, ignoreCase ? "iu" : "u");
}

/**
 * DeepEval `PatternMatchMetric`: 1 when the whole response, stripped of whitespace at both ends (Python
 * `str.strip()`), matches the compiled pattern, else 0.
 *
 * @example
 * patternMatch(compilePattern("\\d{4}-\\d{2}-\\d{2}", false), " 2024-05-01\n"); // 1
 * patternMatch(compilePattern("\\d{4}", false), "year 2024"); // 0
 */
export function patternMatch(compiled: RegExp, response: string): number {
  return compiled.test(pythonStrip(response)) ? 1 : 0;
}
