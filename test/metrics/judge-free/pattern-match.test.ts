// pattern_match (DeepEval PatternMatchMetric): its numbers against DeepEval's own class, run in the peer venv by
// scripts/pattern-match-oracle.py into test/fixtures/judge-free/pattern-match.json, and the patterns refused
// because Python's re and JavaScript would read them differently.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { PatternMatch } from "../../../src/metrics/pattern-match/metric.js";

interface OracleCase {
  pattern: string;
  ignoreCase: boolean;
  scores?: number[];
  error?: string;
}
const oracle = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../fixtures/judge-free/pattern-match.json"), "utf8"),
) as { outputs: string[]; cases: OracleCase[] };

/** Patterns Python accepts whose meaning JavaScript reads differently, so pattern_match refuses them. */
const refusedHere = new Set(["(?P<year>\\d{4})", "(?i)paris"]);

describe("pattern_match against DeepEval PatternMatchMetric", () => {
  const scored = oracle.cases.filter((c) => c.scores !== undefined && !refusedHere.has(c.pattern));
  it.each(scored.map((c) => [c.pattern, c] as const))("%s scores as DeepEval does", (_p, c) => {
    const metric = new PatternMatch({ pattern: c.pattern, ignoreCase: c.ignoreCase });
    const ours = oracle.outputs.map((response) => metric.scoreSync({ response }).value);
    expect(ours).toEqual(c.scores);
  });

  it("refuses, when built, the patterns Python refuses", () => {
    const refused = oracle.cases.filter((c) => c.error !== undefined);
    expect(refused.length).toBeGreaterThan(0);
    for (const c of refused)
      expect(() => new PatternMatch({ pattern: c.pattern })).toThrow(InvalidInputError);
  });

  it("refuses Python-only and JavaScript-only group syntax with what to write instead", () => {
    expect(() => new PatternMatch({ pattern: "(?P<year>\\d{4})" })).toThrow(/Python's named group syntax/);
    expect(() => new PatternMatch({ pattern: "(?<year>\\d{4})" })).toThrow(/DeepEval's Python re refuses/);
    expect(() => new PatternMatch({ pattern: "(?i)paris" })).toThrow(/use the ignoreCase option/);
  });
});

describe("pattern_match as a catalog metric", () => {
  it("is built by id with its options, records them, and names the row and field of a missing response", () => {
    const metric = createMetric("pattern_match", {}, { pattern: "yes|no" });
    expect(metric.config().options).toEqual({ pattern: "yes|no", ignoreCase: false });
    expect(metric.requiredFields).toEqual(["response"]);
    expect(() => new PatternMatch({ pattern: "yes" }).scoreSync({ userInput: "q" }, 3)).toThrow(
      /row 3.*response|response.*row 3/,
    );
  });

  it("needs a pattern", () => {
    expect(() => createMetric("pattern_match", {}, {})).toThrow(/pattern/);
  });

  it("gives a reason for both outcomes", () => {
    const metric = new PatternMatch({ pattern: "\\d+" });
    expect(metric.scoreSync({ response: " 42 " })).toMatchObject({
      value: 1,
      reason: "the response fully matches the pattern",
    });
    expect(metric.scoreSync({ response: "x42" }).reason).toBe("the response does not match the pattern");
  });
});
