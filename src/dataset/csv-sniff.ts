// What the first line of a file says about CSV: the delimiter of a CSV header, and whether a line that is
// not JSON is a CSV header (a CSV file saved as .jsonl).

/** The delimiters a CSV header is sniffed for, with their names for messages. */
const delimiters = [
  { char: ",", name: "comma" },
  { char: ";", name: "semicolon" },
  { char: "\t", name: "tab" },
] as const;

/** A CSV delimiter airgap-eval reads. */
export type CsvDelimiter = (typeof delimiters)[number]["char"];

/** The delimiter's name in words, e.g. `semicolon (;)`. */
export function delimiterName(delimiter: CsvDelimiter): string {
  const { name } = delimiters.find((d) => d.char === delimiter)!;
  return delimiter === "\t" ? name : `${name} (${delimiter})`;
}

/** How many times `char` occurs in `line` outside double quotes. */
function countOutsideQuotes(line: string, char: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === char && !quoted) count++;
  }
  return count;
}

/**
 * The delimiter of a CSV file from its header line: the one of comma, semicolon and tab that occurs most
 * often outside quotes (a comma when none does, or on a tie with it).
 *
 * @example
 * sniffDelimiter("user_input;response;reference"); // ";"
 */
export function sniffDelimiter(headerLine: string): CsvDelimiter {
  let best: CsvDelimiter = ",";
  let bestCount = countOutsideQuotes(headerLine, ",");
  for (const { char } of delimiters) {
    const count = countOutsideQuotes(headerLine, char);
    if (count > bestCount) {
      best = char;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The column names when `line` (not JSON) reads as a CSV header: two or more names, none empty, the line
 * not opening like JSON. Undefined otherwise.
 *
 * @example
 * csvHeaderNames("user_input,response"); // ["user_input", "response"]
 */
export function csvHeaderNames(line: string): string[] | undefined {
  const text = line.replace(/^\uFEFF/, "").trim();
  if (/^[[{"]/.test(text) && !/^"[^"]*"\s*[,;\t]/.test(text)) return undefined;
  const delimiter = sniffDelimiter(text);
  const names = text.split(delimiter).map((name) => name.trim().replace(/^"(.*)"$/, "$1"));
  if (names.length < 2 || names.some((name) => name === "")) return undefined;
  return names;
}
