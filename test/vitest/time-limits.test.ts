// Time limits of scored assertions: the sizing rule (judge size × expected calls), and the matchers and assertScore
// running out of time with a message that names the metric, the limit and how to raise it, stopping the judge call.
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { buildTinyGguf } from "../../scripts/tiny-gguf.js";
import type { GenerateObjectOptions, GenerateObjectResult } from "../../src/llm/types.js";
import { Faithfulness } from "../../src/metrics/faithfulness/metric.js";
import type { Metric, MetricResult, ScoreOptions } from "../../src/metrics/types.js";
import { assertScore } from "../../src/node-test/index.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { EvalTimeoutError } from "../../src/testing/deadline.js";
import {
  expectedJudgeCalls,
  judgeSize,
  metricAllowance,
  TIME_RULE,
  timeRuleText,
} from "../../src/testing/time-allowance.js";
import "../../src/vitest/index.js";
import { repoRoot } from "../setup/paths.js";
import { FakeMetric } from "../support/fake-metrics.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const sample = {
  userInput: "Who created Python?",
  response: "Guido van Rossum created Python.",
  retrievedContexts: ["Python was created by Guido van Rossum.", "It was first released in 1991."],
};

/** A judge whose every call waits until it is aborted: it records the abort and rejects with its reason. */
class StuckLlm extends ScriptedLlm {
  aborted = 0;
  override generateObject<S extends z.ZodType>(
    _prompt: JudgePrompt,
    _schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    const signal = options?.signal;
    return new Promise((_, reject) => {
      signal?.addEventListener("abort", () => {
        this.aborted++;
        reject(signal.reason);
      });
    });
  }
}

/** A metric of one's own that never finishes and ignores its signal. */
const deaf: Metric = {
  ...new FakeMetric({ name: "deaf" }),
  name: "deaf",
  requiredFields: ["response"],
  needsLlm: false,
  needsEmbeddings: false,
  score: (_s, _o?: ScoreOptions) => new Promise<MetricResult>(() => undefined),
  scoreBatch: () => new Promise<MetricResult[]>(() => undefined),
  config: () => new FakeMetric({ name: "deaf" }).config(),
};

const dir = path.join(os.tmpdir(), `airgap-time-limits-${process.pid}`);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the sizing rule", () => {
  it("expects one call per prompt, per vote and per retrieved context", () => {
    const llm = new ScriptedLlm({});
    // statements and verdicts, two contexts
    expect(expectedJudgeCalls(new Faithfulness({ llm }), sample)).toBe(4);
    expect(expectedJudgeCalls(new Faithfulness({ llm }), { ...sample, retrievedContexts: [] })).toBe(2);
    expect(expectedJudgeCalls(new FakeMetric(), sample)).toBe(0);
    const voted = new FakeMetric({ llm, options: { strictness: 3 } });
    expect(expectedJudgeCalls(voted, { response: "a" })).toBe(3);
  });

  it("reads the judge's parameters from its GGUF file, and assumes 1B for a judge without one", async () => {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, "tiny.gguf");
    await writeFile(file, buildTinyGguf());
    const { readGgufFileInfo } = await import("node-llama-cpp");
    const info = await readGgufFileInfo(file);
    const expected = info.fullTensorInfo!.reduce(
      (sum, t) => sum + t.dimensions.reduce((p: number, d) => p * Number(d), 1),
      0,
    );
    const onFile = new ScriptedLlm({}, { id: "tiny" });
    onFile.provenance = () => ({
      id: "tiny",
      kind: "llm",
      path: file,
      runtime: { name: "x", version: "1" },
      settings: {},
    });
    expect(await judgeSize(onFile)).toEqual({ id: "tiny", parameters: expected, measured: true });
    expect(await judgeSize(new ScriptedLlm({}))).toEqual({
      id: "scripted-judge",
      parameters: TIME_RULE.assumedParameters,
      measured: false,
    });
  });

  it("gives each judge call time in proportion to the judge's size, and says how it got there", async () => {
    const allowance = await metricAllowance(new Faithfulness({ llm: new ScriptedLlm({}) }), sample);
    // 1B assumed: 60 s + 4 calls × (30 s + 480 s) + (30 s + 120 s) to load
    const perCall = TIME_RULE.callMs + TIME_RULE.callMsPerBillion;
    const load = TIME_RULE.loadMs + TIME_RULE.loadMsPerBillion;
    expect(allowance.ms).toBe(TIME_RULE.perMetricMs + 4 * perCall + load);
    expect(allowance.explanation).toBe(
      `60 s + 4 judge calls × ${perCall / 1000} s + ${load / 1000} s to load the judge (scripted-judge, size unknown, taken as 1B parameters)`,
    );
    expect(await metricAllowance(new FakeMetric(), sample)).toMatchObject({
      ms: TIME_RULE.perMetricMs,
      explanation: "60 s (no judge)",
    });
  });
});

describe("a matcher that runs out of time", () => {
  it("fails naming the matcher, the metric and the limit, and stops the judge call", async () => {
    const llm = new StuckLlm({});
    const failure = await expect(sample)
      .toBeFaithful({ llm, atLeast: 0.5, timeout: 150 })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(failure).toBeInstanceOf(EvalTimeoutError);
    expect(failure?.message).toBe(
      "toBeFaithful: faithfulness did not finish within 0.15 s (its timeout option); its judge calls were stopped. " +
        'Give it more time with { timeout: 1_000 } (milliseconds) in toBeFaithful\'s options; the default is sized from the judge (docs/testing.md, "Time limits").',
    );
    expect(llm.aborted).toBe(1);
  });

  it("fails on time even when the metric ignores its signal", async () => {
    const started = Date.now();
    await expect(expect({ response: "a" }).toScore(deaf, { atLeast: 0, timeout: 100 })).rejects.toThrow(
      /toScore: deaf did not finish within 0\.1 s/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("says so before vitest's own test timeout does, with the time the judge may need", async () => {
    const llm = new StuckLlm({});
    const { ms, explanation } = await metricAllowance(new Faithfulness({ llm }), sample);
    const failure = await expect(sample)
      .toBeFaithful({ llm, atLeast: 0.5 })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(failure?.message).toMatch(
      /^toBeFaithful: faithfulness did not finish within the 1\.\d+ s left of this test's 1\.5 s vitest timeout, and /,
    );
    expect(failure?.message.replace(/^.*vitest timeout, and /, "")).toBe(
      `may need up to ${(ms / 1000).toLocaleString("en-US")} s (${explanation}); its judge calls were stopped. Give ` +
        `the test that time: it("says so before vitest's own test timeout does, with the time the judge may need", ` +
        `fn, ${ms.toLocaleString("en-US").replace(/,/g, "_")}) or testTimeout in vitest.config.ts.`,
    );
    expect(llm.aborted).toBe(1);
  }, 1_500);

  it("checks the timeout option", async () => {
    await expect(
      expect({ response: "a" }).toScore(new FakeMetric(), { atLeast: 0, timeout: -1 }),
    ).rejects.toThrow("timeout must be a positive number of milliseconds, got -1");
  });
});

describe("node:test assertScore", () => {
  it("runs out of time the same way, named assertScore", async () => {
    const llm = new StuckLlm({});
    await expect(
      assertScore(sample, new Faithfulness({ llm }), { atLeast: 0.5, timeout: 100 }),
    ).rejects.toThrow(
      /^assertScore: faithfulness did not finish within 0\.1 s \(its timeout option\); its judge calls were stopped\. Give it more time with \{ timeout: 1_000 \}/,
    );
    expect(llm.aborted).toBe(1);
  });
});

describe("docs/testing.md", () => {
  it("states the time rule the code applies", () => {
    const doc = readFileSync(path.join(repoRoot, "docs", "testing.md"), "utf8");
    expect(doc).toContain(
      `<!-- time-rule:start -->\n\`\`\`text\n${timeRuleText()}\n\`\`\`\n<!-- time-rule:end -->`,
    );
  });
});
