/**
 * Generated blocks in Markdown files: the text between `<!-- name:start -->` and `<!-- name:end -->` is
 * written by a script (scripts/docs-metrics.ts, scripts/docs-sample-fields.ts), and a test fails when it
 * differs from what the script would write.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** The start and end markers of the generated block `name`. */
export function markers(name: string): { start: string; end: string } {
  return { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` };
}

/** `text` with the block `name` replaced by `content`; throws, naming `file`, when a marker is missing. */
export function withGeneratedBlock(text: string, name: string, content: string, file: string): string {
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    throw new Error(`${file} needs the markers ${start} and ${end} around the generated ${name} table`);
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
