// `airgap-eval eval --metric-file` with decision graphs (kinds dag and conversational_dag) as a user runs them: a
// bad graph exits 2 naming the node and what to fix, before any model loads; a good file scores every row with a
// GGUF judge (stories260K where AIRGAP_EVAL_TEST_GGUF names it, else the generated tiny judge), each value one of
// the graph's leaves (with scoring "expected", their probability-weighted mean), the path in the details; a second
// run with the same cache answers every node's call from it.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";
import { formatNodes, resolutionNodes } from "./support/dag-graphs.js";

const judge = extraGgufPath ?? tinyGgufPath;
const box = cliSandbox("airgap-cli-dag-");
afterAll(() => box.cleanup());

const summaryFormat = { kind: "dag", id: "summary_format", maxTokens: 48, nodes: formatNodes };

const resolution = {
  kind: "conversational_dag",
  id: "resolution",
  maxTokens: 48,
  scoring: "expected",
  nodes: resolutionNodes,
};

function yamlFile(name: string, data: unknown): string {
  const file = box.file(name);
  writeFileSync(file, stringify(data));
  return file;
}

const rows = [
  {
    user_input: "Summarise the meeting.",
    response: "Intro: welcome. Body: the plan. Conclusion: next steps.",
    messages: [
      { role: "user", content: "My parcel is late." },
      { role: "assistant", content: "I have sent a new one today." },
    ],
  },
  {
    user_input: "Summarise the meeting.",
    response: "Conclusion first. Then the intro.",
    messages: [
      { role: "user", content: "The app crashes." },
      { role: "assistant", content: "Please try again later." },
    ],
  },
];

describe("eval --metric-file with decision graphs", { timeout: 600_000 }, () => {
  it("exits 2 before any model loads, naming the node of a bad graph and what to fix", async () => {
    const bad = yamlFile("bad.yaml", {
      metrics: [
        {
          ...summaryFormat,
          nodes: {
            ...formatNodes,
            complete: { ...formatNodes.complete!, verdicts: [{ verdict: true, child: "missing" }] },
          },
        },
      ],
    });
    const result = await runCli(
      ["eval", "examples/rag-eval.jsonl", "--metric-file", bad, "--out", box.file("bad.jsonl")],
      box.env,
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      `metric file ${bad}: metrics[0].nodes.complete.verdicts[0].child: "missing" is not a node of this graph; the nodes are headings, complete, order`,
    );
  });

  it("scores every row with the judge, each value a leaf's, the path in the details; the cache serves every node", async () => {
    const file = yamlFile("graphs.yaml", { metrics: [summaryFormat, resolution] });
    const dataset = box.file("rows.jsonl");
    writeFileSync(dataset, rows.map((r) => JSON.stringify(r)).join("\n"));
    const cache = box.file("cache.sqlite");
    const args = (out: string) => [
      "eval",
      dataset,
      "--metric-file",
      file,
      "--llm",
      judge,
      "--out",
      out,
      "--cache-file",
      cache,
    ];
    const first = await runCli(args(box.file("first.jsonl")), box.env);
    expect(first.code, first.stderr).toBe(0);
    const records = loadResults(box.file("first.jsonl")).records;
    expect(records.map((r) => r.metric).sort()).toEqual([
      "resolution",
      "resolution",
      "summary_format",
      "summary_format",
    ]);
    for (const r of records) {
      expect(r.result.status, r.result.error).toBe("ok");
      const details = r.result.details as {
        path: Array<{ node: string; probabilities?: Record<string, number> }>;
        leaf: { score: number; value: number };
      };
      if (r.metric === "summary_format") {
        expect(r.result.value).toBe(details.leaf.score / 10);
        expect(details.path.map((s) => s.node).slice(0, 2)).toEqual(["headings", "complete"]);
        expect([0, 0.2, 0.4, 1]).toContain(r.result.value);
      } else {
        // scoring "expected": each label's probability (every label holds a space), read while the judge wrote its label, weights its score.
        expect(details.path.map((s) => s.node)).toEqual(["solved"]);
        const p = details.path[0]!.probabilities!;
        expect(Object.keys(p).sort()).toEqual(["fully solved", "not solved", "partly solved"]);
        expect(r.result.value).toBeCloseTo(p["fully solved"]! + 0.5 * p["partly solved"]!, 12);
      }
    }
    const second = await runCli(args(box.file("second.jsonl")), box.env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Cache: +\d+ hits, 0 misses/);
    const again = loadResults(box.file("second.jsonl")).records;
    expect(again.map((r) => r.result.value)).toEqual(records.map((r) => r.result.value));
  });
});
