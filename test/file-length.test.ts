// Small files with one job: no file under src/ is over 400 lines, except any listed below (none now),
// which would still be to split. The list can only shrink: a listed file that is no longer over the limit
// fails until its line goes, and a file not listed fails as soon as it grows past the limit.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const limit = 400;

/** Files over the limit for now, each with why; remove a line when its file is split. */
const overLimit: ReadonlyMap<string, string> = new Map<string, string>([]);

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** Lines of a text as `wc -l` counts them, plus a last line without its line break. */
function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") || text === "" ? 1 : 0);
}

describe("file length", () => {
  const lengths = new Map(
    listFiles(path.join(root, "src")).map((file) => [
      path.relative(root, file).split(path.sep).join("/"),
      lineCount(readFileSync(file, "utf8")),
    ]),
  );

  it(`no file under src/ is over ${limit} lines, except the listed ones`, () => {
    const over = [...lengths].filter(([file, n]) => n > limit && !overLimit.has(file));
    expect(over.map(([file, n]) => `${file}: ${n} lines`)).toEqual([]);
  });

  it("lists only files that exist and are still over the limit", () => {
    const stale = [...overLimit.keys()].filter((file) => (lengths.get(file) ?? 0) <= limit);
    expect(stale).toEqual([]);
  });

  it("counts lines as wc -l does, and a last line without its line break", () => {
    expect([lineCount(""), lineCount("a\n"), lineCount("a\nb\n"), lineCount("a\nb")]).toEqual([0, 1, 2, 2]);
  });
});
