// The agent judges (every built-in judge metric that reads a conversation's messages) on the agent example
// (examples/agent-eval.jsonl: five conversations in four formats) with the real SmolLM2-135M-Instruct as judge,
// through the built CLI at 2 judge threads: every row × metric scored or given a reason, no judge answer that
// failed its schema or was cut off, and a rerun byte-identical apart from times.
//
// Cut to fit the tier's 10 minutes on 2 cores (docs/development.md, "Real-model tier"): AGENT_ROWS, two of the
// five conversations, and the rerun repeats them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricDescriptors } from "../../src/metrics/catalog.js";
import { repoRoot } from "../setup/paths.js";
import {
  comparableResults,
  expectScoredOrReasoned,
  judgeEval,
  printRunSummary,
  runFolder,
} from "../support/real-model-runs.js";
import { skipWithoutRealModels } from "../support/real-models.js";

/** Conversations (0-based) judged: OpenAI chat messages, and an OpenTelemetry OTLP/JSON export of GenAI spans. */
const AGENT_ROWS = [0, 4];

const agentJudgeMetrics = metricDescriptors
  .filter((d) => d.needsLlm && d.requiredFields.includes("messages"))
  .map((d) => d.id);

const skip = skipWithoutRealModels("real-models/agent-judges", ["judge"], { cli: true });

describe.skipIf(skip)("agent judges on the agent example with SmolLM2-135M-Instruct", () => {
  const folder = runFolder("airgap-real-agents-");
  afterAll(() => folder.cleanup());
  const rows = readFileSync(path.join(repoRoot, "examples", "agent-eval.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((_, i) => AGENT_ROWS.includes(i));
  const extra = ["--metrics", agentJudgeMetrics.join(",")];
  let dataset: string;
  let first: { file: string; seconds: number };

  beforeAll(async () => {
    dataset = folder.writeRows("agent-rows.jsonl", rows);
    first = await judgeEval(folder, "agents", dataset, extra);
  }, 1_200_000);

  afterAll(() => printRunSummary("agent-judges", first));

  it("covers the seven agent judges of the catalog", () => {
    expect(agentJudgeMetrics).toHaveLength(7);
  });

  it("scores every conversation × metric or names a reason, with no judge answer that failed its schema", () => {
    expectScoredOrReasoned(first.file, AGENT_ROWS.length, agentJudgeMetrics.length);
  });

  it("gives the same bytes on a rerun, apart from times", async () => {
    const again = await judgeEval(folder, "agents-rerun", dataset, extra);
    expect(comparableResults(again.file)).toBe(comparableResults(first.file));
  }, 1_200_000);
});
