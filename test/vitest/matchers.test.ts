// The vitest matchers and the node:test assertion on scripted judges: pass, fail, and the failure
// text a person reads (score, bar, statements and verdicts, reason).
import { type Assertion, describe, expect, it } from "vitest";
import { Faithfulness } from "../../src/index.js";
import { assertScore } from "../../src/node-test/index.js";
import "../../src/vitest/index.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { FakeMetric } from "../support/fake-metrics.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { stubEmbeddings, stubLlm } from "../support/stub-models.js";

const sample = {
  userInput: "Who created Python?",
  response: "Python was created by Guido van Rossum. It was first released in 1991 by George Lucas.",
  retrievedContexts: ["Python, created by Guido van Rossum in the late 1980s, is a programming language."],
};

function judge(verdicts: [number, number]) {
  return new ScriptedLlm({
    "faithfulness/statements": [
      { statements: ["Python was created by Guido van Rossum.", "Python was released by George Lucas."] },
    ],
    "faithfulness/verdicts": [
      {
        verdicts: [
          {
            statement: "Python was created by Guido van Rossum.",
            reason: "The context says so.",
            verdict: verdicts[0],
          },
          {
            statement: "Python was released by George Lucas.",
            reason: "The context does not mention George Lucas.",
            verdict: verdicts[1],
          },
        ],
      },
    ],
  });
}

describe("vitest matchers", () => {
  it("toBeFaithful passes at the bar", async () => {
    await expect(sample).toBeFaithful({ llm: judge([1, 1]), atLeast: 1 });
  });

  it("toBeFaithful fails below the bar and names the score, the bar, the statements and verdicts", async () => {
    const failure = expect(sample).toBeFaithful({ llm: judge([1, 0]), atLeast: 0.8 });
    await expect(failure).rejects.toThrow(/faithfulness scored 0\.5; expected >= 0\.8/);
    const again = expect(sample).toBeFaithful({ llm: judge([1, 0]), atLeast: 0.8 });
    const error = await again.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toContain("✓ supported: Python was created by Guido van Rossum.");
    expect(error?.message).toContain("✗ not supported: Python was released by George Lucas.");
    expect(error?.message).toContain("because: The context does not mention George Lucas.");
    expect(error?.message).toContain("reason: 1 of 2 statements can be inferred from the contexts");
  });

  it("toScore takes any metric, custom ones included, and .not inverts it", async () => {
    const length = new FakeMetric({ name: "answer_length", score: (s) => (s.response ?? "").length / 100 });
    await expect({ response: "x".repeat(90) }).toScore(length, { atLeast: 0.8, atMost: 1 });
    await expect({ response: "x".repeat(10) }).not.toScore(length, { atLeast: 0.8 });
    await expect(expect({ response: "short" }).toScore(length, { atLeast: 0.8 })).rejects.toThrow(
      /answer_length scored 0\.05; expected >= 0\.8/,
    );
  });

  it("a row without a score fails with the metric's error, unless allowed", async () => {
    const broken = new FakeMetric({
      name: "broken",
      score: () => ({ value: null, status: "error", error: "JudgeOutputError: bad" }),
    });
    await expect(expect({ response: "a" }).toScore(broken, { atLeast: 0 })).rejects.toThrow(
      /broken gave no score \(error\)[\s\S]*error: JudgeOutputError: bad/,
    );
    await expect({ response: "a" }).toScore(broken, { atLeast: 0, allowUnscored: true });
  });

  describe(".not never turns a row without a score green", () => {
    // A judge and an embedder that throw on every call: each metric below returns an error row.
    const judgeThatThrows = stubLlm;
    const embedderThatThrows = stubEmbeddings;
    const broken = new FakeMetric({
      name: "broken",
      score: () => ({ value: null, status: "error", error: "JudgeOutputError: bad" }),
    });
    const unscored = new FakeMetric({ name: "unscored", score: () => null });
    /** Every matcher on a row its metric cannot score (an error row, or a null value), with or without allowUnscored. */
    const cases: Array<[string, (e: Assertion, allow: boolean) => Promise<unknown>]> = [
      ["toScore", (e, allow) => e.toScore(broken, { atLeast: 0.5, allowUnscored: allow })],
      ["toScore", (e, allow) => e.toScore(unscored, { atMost: 0.5, allowUnscored: allow })],
      [
        "toBeFaithful",
        (e, allow) => e.toBeFaithful({ llm: judgeThatThrows, atLeast: 0.5, allowUnscored: allow }),
      ],
      [
        "toBeRelevant",
        (e, allow) =>
          e.toBeRelevant({
            llm: judgeThatThrows,
            embeddings: embedderThatThrows,
            atLeast: 0.5,
            allowUnscored: allow,
          }),
      ],
      [
        "toMatchReference",
        (e, allow) =>
          e.toMatchReference({ embeddings: embedderThatThrows, atLeast: 0.5, allowUnscored: allow }),
      ],
    ];
    const row = { ...sample, reference: "Guido van Rossum created Python." };

    it.each(cases)("%s fails on an error row with and without .not", async (_matcher, run) => {
      await expect(run(expect(row), false)).rejects.toThrow(/gave no score \((error|null)\)/);
      const negated = await run(expect(row).not, false).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(negated, ".not passed on a row without a score").toBeInstanceOf(Error);
      expect(negated?.message).toMatch(
        /gave no score \((error|null)\); \.not does not pass a row without a score/,
      );
      expect(negated?.message).toMatch(/allowUnscored: true/);
    });

    it.each(cases)("%s passes an error row both ways with allowUnscored", async (_matcher, run) => {
      await run(expect(row), true);
      await run(expect(row).not, true);
    });

    it(".not still inverts a scored row, and its failure names the score", async () => {
      await expect(sample).not.toBeFaithful({ llm: judge([1, 0]), atLeast: 0.8 });
      await expect(expect(sample).not.toBeFaithful({ llm: judge([1, 1]), atLeast: 0.8 })).rejects.toThrow(
        /expected not: faithfulness scored 1; expected >= 0\.8/,
      );
    });
  });

  it("toMatchReference uses semantic similarity", async () => {
    const embeddings = new FakeEmbeddings({ "Paris is the capital.": [1, 0], "Lyon is a city.": [0.6, 0.8] });
    const paris = { response: "Paris is the capital.", reference: "Paris is the capital." };
    await expect(paris).toMatchReference({ embeddings, atLeast: 0.99 });
    await expect(
      expect({ ...paris, response: "Lyon is a city." }).toMatchReference({ embeddings, atLeast: 0.9 }),
    ).rejects.toThrow(/semantic_similarity scored 0\.6\d*; expected >= 0\.9/);
  });

  it("bad bars are the test's mistake: an error, not a failed score", async () => {
    const metric = new FakeMetric();
    await expect(expect({ response: "a" }).toScore(metric, {})).rejects.toThrow(
      /give atLeast and\/or atMost/,
    );
  });

  it("expect.soft records the failure and lets the test go on", async ({ task }) => {
    const metric = new FakeMetric({ name: "soft_metric", score: () => 0.1 });
    await expect.soft({ response: "a" }).toScore(metric, { atLeast: 0.5 });
    const after = task.result?.errors ?? [];
    expect(after.map((e) => e.message).join("\n")).toMatch(/soft_metric scored 0\.1/);
    // The soft failure would fail this test; clear it, having seen that execution went on.
    task.result!.errors = [];
    task.result!.state = "pass";
  });
});

describe("node:test assertScore", () => {
  it("resolves to the result when the bar holds and throws an AssertionError with the same text when not", async () => {
    const ok = await assertScore(sample, new Faithfulness({ llm: judge([1, 1]) }), { atLeast: 1 });
    expect(ok.value).toBe(1);
    const error = await assertScore(sample, new Faithfulness({ llm: judge([0, 0]) }), { atLeast: 0.5 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.name).toBe("AssertionError");
    expect(error?.message).toMatch(/faithfulness scored 0; expected >= 0\.5/);
    expect(error?.message).toContain("✗ not supported: Python was created by Guido van Rossum.");
  });

  it("a judge that throws fails the assertion, unless allowUnscored (there is no negated form to turn it green)", async () => {
    const error = await assertScore(sample, new Faithfulness({ llm: stubLlm }), { atLeast: 0.5 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.name).toBe("AssertionError");
    expect(error?.message).toMatch(/faithfulness gave no score \(error\)/);
    const allowed = await assertScore(sample, new Faithfulness({ llm: stubLlm }), {
      atLeast: 0.5,
      allowUnscored: true,
    });
    expect(allowed.status).toBe("error");
  });
});
