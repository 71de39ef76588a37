// Every repository path the docs name exists, so a moved or deleted file cannot leave a doc pointing at nothing:
// the `src/…`, `test/…`, `scripts/…` and `bench/…` paths in code spans of README.md and docs/*.md, and in
// docs/metric-pattern.md (the metric recipe) also the files it names by their place in src/metrics/ or src/sample/
// (`shared/judge/split.ts`, `score.ts`, `text/python-str.ts`, `field-table.ts`).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./setup/paths.js";

const docs = [
  "README.md",
  ...readdirSync(path.join(repoRoot, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const metricsDir = path.join(repoRoot, "src", "metrics");
/** The files of the rooms the recipe speaks of, relative to their room (src/metrics/, src/sample/). */
const roomFiles = ["metrics", "sample"].flatMap((room) =>
  readdirSync(path.join(repoRoot, "src", room), { recursive: true, encoding: "utf8" }).map((f) =>
    f.split(path.sep).join("/"),
  ),
);

/** The paths in a doc's code spans: repository paths, and in the metric recipe paths inside src/metrics/ too. */
function namedPaths(text: string, metricRelative: boolean): { repo: string[]; metrics: string[] } {
  const repo: string[] = [];
  const metrics: string[] = [];
  for (const span of text.matchAll(/`([^`\n]+)`/g)) {
    for (const word of span[1]!.split(/\s+/)) {
      const p = word.replace(/:\d+$/, "").replace(/[.,;:)]+$/, "");
      if (/[*{}<>]/.test(p)) continue;
      if (/^(src|test|scripts|bench)\/[\w./-]+$/.test(p)) repo.push(p);
      else if (metricRelative && /^[\w./-]+\.ts$|^shared\/[\w./-]+$/.test(p) && !p.startsWith("."))
        metrics.push(p);
    }
  }
  return { repo, metrics };
}

/** A `shared/…` path in src/metrics/, or a file some folder of src/metrics/ or src/sample/ holds (`score.ts`). */
function metricPathExists(p: string): boolean {
  const bare = p.replace(/\/$/, "");
  return p.startsWith("shared/")
    ? existsSync(path.join(metricsDir, p))
    : roomFiles.some((f) => f === bare || f.endsWith(`/${bare}`));
}

describe("paths named in the docs", () => {
  it("finds them (the recipe names the base classes and the catalog)", () => {
    const recipe = namedPaths(readFileSync(path.join(repoRoot, "docs/metric-pattern.md"), "utf8"), true);
    expect(recipe.repo).toContain("src/metrics/catalog.ts");
    expect(recipe.metrics.length).toBeGreaterThan(10);
  });

  it("every src/, test/, scripts/ and bench/ path in README.md and docs/*.md exists", () => {
    const missing = docs.flatMap((doc) =>
      namedPaths(readFileSync(path.join(repoRoot, doc), "utf8"), false)
        .repo.filter((p) => !existsSync(path.join(repoRoot, p)))
        .map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it("every file docs/metric-pattern.md names inside src/metrics/ or src/sample/ exists", () => {
    const { metrics } = namedPaths(readFileSync(path.join(repoRoot, "docs/metric-pattern.md"), "utf8"), true);
    expect(metrics.filter((p) => !metricPathExists(p))).toEqual([]);
  });

  it("can fail: a moved file is found, and words that are no paths are not read as paths", () => {
    const text =
      "`shared/sample-fields.ts` and `npx vitest run test/gone.test.ts`, `test/conversation/*.test.ts`, `x.y`";
    const found = namedPaths(text, true);
    expect(found).toEqual({ repo: ["test/gone.test.ts"], metrics: ["shared/sample-fields.ts"] });
    expect(metricPathExists("shared/no-such-file.ts")).toBe(false);
    expect(metricPathExists("score.ts")).toBe(true);
    expect(metricPathExists("no-such-file.ts")).toBe(false);
  });
});
