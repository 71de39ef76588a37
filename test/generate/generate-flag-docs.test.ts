// The defaults of `generate`'s flags have one definition (src/cli/generate-defaults.ts): --help prints each from it,
// and the flag tables of docs/generate.md and docs/cli.md must give the same words.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateFlagDefaults } from "../../src/cli/generate-defaults.js";
import { repoRoot } from "../setup/paths.js";

/** The default column of the table row whose first cell names `flag`, without backticks; from `section` on. */
function documentedDefault(file: string, section: string, flag: string): string | undefined {
  const text = readFileSync(path.join(repoRoot, "docs", file), "utf8");
  const rows = text.slice(text.indexOf(section)).split("\n");
  for (const row of rows) {
    if (!row.startsWith("| `")) continue;
    const cells = row.split(" | ");
    if (!cells[0]!.split(", ").some((cell) => cell.replace(/[|`\s]/g, "") === flag)) continue;
    return cells[cells.length - 1]!.replace(/\s*\|\s*$/, "").replaceAll("`", "");
  }
  return undefined;
}

describe("generate's flag defaults", () => {
  for (const [file, section] of [
    ["generate.md", "## The command"],
    ["cli.md", "## generate"],
  ] as const) {
    it(`are the same words in docs/${file} as in --help`, () => {
      const documented = Object.fromEntries(
        Object.keys(generateFlagDefaults).map((flag) => [flag, documentedDefault(file, section, flag)]),
      );
      expect(documented).toEqual(generateFlagDefaults);
    });
  }
});
