// The main entry never loads vitest: walk every import reachable from src/index.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../setup/paths.js";

function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith(".")) queue.push(path.resolve(path.dirname(file), spec.replace(/\.js$/, ".ts")));
      else packages.add(spec);
    }
  }
  return { files, packages };
}

it("src/index.ts reaches no vitest module, and airgap-eval/vitest does", () => {
  const main = reachable(path.join(repoRoot, "src", "index.ts"));
  expect([...main.packages].filter((p) => p.startsWith("vitest"))).toEqual([]);
  expect([...main.files].some((f) => f.startsWith(path.join(repoRoot, "src", "vitest")))).toBe(false);
  const sub = reachable(path.join(repoRoot, "src", "vitest", "index.ts"));
  expect(sub.packages.has("vitest")).toBe(true);
});
