// The faithfulness cascade's cost in the aggregates and every report: how many rows each path decided, and the
// judge's share (scripted verifier and judge; the routing itself is test/metrics/verifiers/faithfulness-cascade).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate, Faithfulness } from "../src/index.js";
import { toHtmlReport } from "../src/report/html.js";
import { toMarkdownReport } from "../src/report/markdown.js";
import { formatSummary } from "../src/report/summary.js";
import { loadResults } from "../src/results/load.js";
import { fakePairVerifier } from "./support/fake-verifiers.js";
import { ScriptedLlm } from "./support/scripted-llm.js";

const verifier = fakePairVerifier((pair) =>
  pair.second.includes("moon") ? 0.03 : pair.second.includes("old") ? 0.5 : 0.95,
);
const llm = () =>
  new ScriptedLlm({
    "faithfulness/statements": () => ({ statements: ["Paris is old."] }),
    "faithfulness/verdicts": () => ({ verdicts: [{ statement: "Paris is old.", reason: "r", verdict: 1 }] }),
  });
const contexts = ["Paris, the capital of France, is an old city."];
const rows = [
  { user_input: "q", response: "Paris is in France.", retrieved_contexts: contexts },
  { user_input: "q", response: "Paris is on the moon.", retrieved_contexts: contexts },
  { user_input: "q", response: "Paris is old.", retrieved_contexts: contexts },
  { user_input: "q", response: "Paris is the capital.", retrieved_contexts: contexts },
];
const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-cascade-share-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const SENTENCE = "faithfulness: 3 rows decided by the verifier, 1 by the judge (judge share 25.0%)";

describe("the cascade's share in the aggregates and the reports", () => {
  it("counts the rows each path decided, and every report says it; a run without a cascade says nothing", async () => {
    const out = path.join(tmp, "results.jsonl");
    const result = await evaluate(rows, [new Faithfulness({ llm: llm(), verifier })], {
      out,
      progress: "none",
    });
    const [aggregate] = result.aggregated();
    expect(aggregate).toMatchObject({
      metric: "faithfulness",
      count: 4,
      decidedBy: { verifier: 3, judge: 1 },
    });
    // Read back from the results file, the same counts.
    expect(loadResults(out).aggregates[0]!.decidedBy).toEqual({ verifier: 3, judge: 1 });
    expect(formatSummary(result)).toContain(`\n${SENTENCE}\n`);
    expect(toMarkdownReport(result)).toContain(`- ${SENTENCE}\n`);
    expect(toHtmlReport(result)).toContain(`<p class="muted cascade-share">${SENTENCE}</p>`);

    const plain = await evaluate(rows, [new Faithfulness({ llm: llm() })], { progress: "none" });
    expect(plain.aggregated()[0]).not.toHaveProperty("decidedBy");
    expect(formatSummary(plain)).not.toMatch(/decided by/);
    expect(toMarkdownReport(plain)).not.toMatch(/decided by the verifier/);
  });
});
