// The agent judges (every built-in judge metric that reads a conversation's messages) on the agent example
// (examples/agent-eval.jsonl: five conversations in four formats) with the real SmolLM2-135M-Instruct as judge,
// through the built CLI at 1 judge thread: every row × metric scored or given a reason, no judge answer that
// failed its schema or was cut off, and a rerun byte-identical apart from times.
//
// Cut to fit the CI tier's 10 minutes on 2 cores (docs/development.md, "Real-model tier"): AGENT_ROWS, two of the
// five conversations (the 7 judges take about 70 CPU s a conversation), and the rerun repeats RERUN_ROWS, the first
// of them. The full run (`npm run test:real-judges`) judges all five and reruns them all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricDescriptors } from "../../src/metrics/catalog.js";
import { repoRoot } from "../setup/paths.js";
import { firstRows, tierOrFull } from "../support/real-judge-plan.js";
import {
  comparableRecords,
  expectScoredOrReasoned,
  judgeEval,
  printRunSummary,
  runFolder,
} from "../support/real-model-runs.js";
import { skipWithoutRealModels } from "../support/real-models.js";

/** Conversations (0-based) judged: OpenAI chat messages, and an OpenTelemetry OTLP/JSON export of GenAI spans. */
const AGENT_ROWS = tierOrFull([0, 4], firstRows(5));
/** Conversations judged again and compared. */
const RERUN_ROWS = tierOrFull([0], AGENT_ROWS);

const agentJudgeMetrics = metricDescriptors
  // The built-in ones: a judge the user defines (conversational_g_eval, conversational_dag) is custom-judges' to run.
  .filter((d) => d.needsLlm && !d.definable && d.requiredFields.includes("messages"))
  .map((d) => d.id);

const skip = skipWithoutRealModels("real-models/agent-judges", ["judge"], { cli: true });

describe.skipIf(skip)("agent judges on the agent example with SmolLM2-135M-Instruct", () => {
  const folder = runFolder("airgap-real-agents-");
  afterAll(() => folder.cleanup());
  const allConversations = readFileSync(path.join(repoRoot, "examples", "agent-eval.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const rows = (indexes: readonly number[]) => allConversations.filter((_, i) => indexes.includes(i));
  const extra = ["--metrics", agentJudgeMetrics.join(",")];
  let dataset: string;
  let first: { file: string; seconds: number };

  beforeAll(async () => {
    expect(allConversations).toHaveLength(5);
    dataset = folder.writeRows("agent-rows.jsonl", rows(AGENT_ROWS));
    first = await judgeEval(folder, "agents", dataset, extra);
  }, 1_200_000);

  afterAll(() => printRunSummary("agent-judges", first));

  it("covers the seven agent judges of the catalog", () => {
    expect(agentJudgeMetrics).toHaveLength(7);
  });

  it("scores every conversation × metric or names a reason, with no judge answer that failed its schema", () => {
    expectScoredOrReasoned(first.file, AGENT_ROWS.length, agentJudgeMetrics.length);
  });

  it("gives the same records on a rerun, apart from times", async () => {
    const rerunRows = folder.writeRows("agent-rerun-rows.jsonl", rows(RERUN_ROWS));
    const again = comparableRecords((await judgeEval(folder, "agents-rerun", rerunRows, extra)).file);
    const before = comparableRecords(first.file);
    expect(again.size).toBe(RERUN_ROWS.length * agentJudgeMetrics.length);
    for (const [key, record] of again) expect(record, key).toBe(before.get(key));
  }, 1_200_000);
});
