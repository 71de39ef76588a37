/**
 * Generated blocks: the text between `<!-- name:start -->` and `<!-- name:end -->` in a Markdown file, or between
 * `// name:start` and `// name:end` lines in a TypeScript file, is written by a script (scripts/docs-metrics.ts,
 * scripts/docs-sample-fields.ts, scripts/docs-api.ts), and a test fails when it differs from what the script would
 * write.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** How a block's markers are written: as Markdown (HTML) comments, or as TypeScript line comments. */
export type MarkerStyle = "markdown" | "typescript";

/** The start and end markers of the generated block `name`. */
export function markers(name: string, style: MarkerStyle = "markdown"): { start: string; end: string } {
  return style === "markdown"
    ? { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` }
    : { start: `// ${name}:start`, end: `// ${name}:end` };
}

/** `text` with the block `name` replaced by `content`; throws, naming `file`, when a marker is missing. */
export function withGeneratedBlock(
  text: string,
  name: string,
  content: string,
  file: string,
  style: MarkerStyle = "markdown",
): string {
  const { start, end } = markers(name, style);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    throw new Error(`${file} needs the markers ${start} and ${end} around the generated ${name} block`);
  }
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

/** Rewrites `file` through `rewrite` when that changes it, and says which on stdout (`what`: "README.md metric table"). */
export function rewriteDoc(file: string, what: string, rewrite: (text: string) => string): void {
  const before = readFileSync(file, "utf8");
  const after = rewrite(before);
  if (after !== before) writeFileSync(file, after);
  process.stdout.write(`${what} ${after === before ? "is up to date" : "written"}\n`);
}
