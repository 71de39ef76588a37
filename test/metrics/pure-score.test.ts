// A metric's score.ts holds its formula as pure functions: no module-level state that one call leaves for the
// next (memos, scratch buffers). Tables a formula reuses are passed in by the caller (see BleuScratch).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const metricsDir = path.resolve(import.meta.dirname, "../../src/metrics");

/**
 * Module-level declarations of `source` that hold mutable state: a `let` or `var`, or a `const` made with
 * `new` (a Map, an array, a class instance) unless its type says it is read-only (`ReadonlySet`, `ReadonlyMap`,
 * `ReadonlyArray`, `readonly T[]`).
 */
function moduleState(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/^(?:export\s+)?(let|var|const)\s+(\w+)\s*(:\s*[^=]+)?=\s*(new\b)?/gm)) {
    const [, kind, name, type = "", made] = m;
    if (kind !== "const") found.push(`${kind} ${name}`);
    else if (made !== undefined && !/Readonly|readonly/.test(type)) found.push(`const ${name} = new ...`);
  }
  return found;
}

describe("score.ts files keep no module-level state", () => {
  it("every metric's score.ts declares no module-level let, var or mutable object", () => {
    const problems = readdirSync(metricsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => {
        const file = path.join(metricsDir, d.name, "score.ts");
        let source: string;
        try {
          source = readFileSync(file, "utf8");
        } catch {
          return [];
        }
        return moduleState(source).map((s) => `${d.name}/score.ts: ${s}`);
      });
    expect(problems).toEqual([]);
  });

  it("the check finds memos and scratch buffers, and passes constants and read-only tables", () => {
    const source = [
      "const memos = new Map<string, number>();",
      "let rows = [new Uint32Array(64)];",
      "export let count = 0;",
      "const EPSILON = 1e-10;",
      "const punctuation: ReadonlySet<string> = new Set(['.']);",
      "// let commented = 1;",
      "function f() {\n  let local = 0;\n  return local;\n}",
    ].join("\n");
    expect(moduleState(source)).toEqual(["const memos = new ...", "let rows", "let count"]);
  });
});
