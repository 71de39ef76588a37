import { describe, expect, it } from "vitest";
import { NoiseSensitivity } from "../../src/metrics/noise-sensitivity/metric.js";
import { noiseSensitivity } from "../../src/metrics/noise-sensitivity/score.js";
import { FAITHFULNESS_VERDICTS_VERSION } from "../../src/metrics/shared/judge/statements/verdicts-prompt.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";

// Worked with Ragas' numpy steps: contexts C1, C3 support a reference statement (relevant), C2 none.
// Response statements: A1 correct; A2 incorrect, from C1 (and C2); A3, A4 incorrect, from C2 only.
const R = ["R1 holds.", "R2 holds."];
const A = ["A1 holds.", "A2 holds.", "A3 holds.", "A4 holds."];
const C = ["Context one.", "Context two.", "Context three."];
const REFERENCE = "The reference text.";
const supports: Record<string, string[]> = {
  [C[0]!]: ["R1 holds.", "A1 holds.", "A2 holds."],
  [C[1]!]: ["A2 holds.", "A3 holds.", "A4 holds."],
  [C[2]!]: ["R2 holds."],
  [REFERENCE]: ["A1 holds."],
};
const sample = {
  userInput: "What holds?",
  response: "The response text says that A1, A2, A3 and A4 hold.",
  reference: REFERENCE,
  retrievedContexts: C,
};

function judge(responseStatements = A, referenceStatements = R) {
  const numbered = (p: JudgePrompt) =>
    p.input
      .split("\n")
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => l.replace(/^\d+\. /, ""));
  return new ScriptedLlm({
    [STATEMENTS]: (p) => ({
      statements: p.input.includes("response text") ? responseStatements : referenceStatements,
    }),
    [VERDICTS]: (p) => {
      const context = /\[1\] (.*)/.exec(p.input)![1]!;
      return {
        verdicts: numbered(p).map((statement) => ({
          statement,
          reason: "r",
          verdict: supports[context]!.includes(statement) ? 1 : 0,
        })),
      };
    },
  });
}

describe("noise sensitivity formula (Ragas' numpy steps)", () => {
  const v = {
    referenceByContext: [
      [1, 0],
      [0, 0],
      [0, 1],
    ] as Array<Array<0 | 1>>,
    responseByContext: [
      [1, 1, 0, 0],
      [0, 1, 1, 1],
      [0, 0, 0, 0],
    ] as Array<Array<0 | 1>>,
    responseByReference: [1, 0, 0, 0] as Array<0 | 1>,
  };
  it("relevant and irrelevant modes", () => {
    expect(noiseSensitivity(v, "relevant")).toBe(0.25);
    expect(noiseSensitivity(v, "irrelevant")).toBe(0.5);
  });
  it("all-correct responses score 0; all-incorrect from a relevant context score 1", () => {
    expect(noiseSensitivity({ ...v, responseByReference: [1, 1, 1, 1] }, "relevant")).toBe(0);
    const allBad = {
      referenceByContext: [[1]],
      responseByContext: [[1, 1]],
      responseByReference: [0, 0],
    } as const;
    expect(noiseSensitivity(allBad as never, "relevant")).toBe(1);
    expect(noiseSensitivity(allBad as never, "irrelevant")).toBe(0);
  });
  it("no response statements, or no reference statements: null in both modes (Ragas: NaN, or it raises)", () => {
    expect(noiseSensitivity({ ...v, responseByReference: [] }, "relevant")).toBeNull();
    expect(noiseSensitivity({ ...v, responseByReference: [] }, "irrelevant")).toBeNull();
    // An incorrect statement that a context supports: with no reference statement no context is relevant,
    // which used to count it as coming from irrelevant contexts only (1, the worst score).
    const noRef = {
      referenceByContext: [[], []],
      responseByContext: [[1], [0]],
      responseByReference: [0],
    } as const;
    expect(noiseSensitivity(noRef as never, "relevant")).toBeNull();
    expect(noiseSensitivity(noRef as never, "irrelevant")).toBeNull();
  });
});

describe("NoiseSensitivity", () => {
  it("relevant mode (default) on the worked example: 0.25", async () => {
    const llm = judge();
    const result = await new NoiseSensitivity({ llm }).score(sample);
    expect(result).toMatchObject({ value: 0.25, status: "ok" });
    expect(result.details).toMatchObject({
      mode: "relevant",
      relevantContexts: [true, false, true],
      fromRelevant: [true, true, false, false],
      incorrect: [false, true, true, true],
      // 2 statement calls, 2 verdict calls per context, 1 against the reference
      usage: { calls: 2 + 2 * 3 + 1 },
      promptVersions: { [STATEMENTS]: "1.4.0", [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION },
    });
    expect(result.reason).toBe(
      "1 of 4 response statements are incorrect and supported by a relevant context",
    );
  });

  it("irrelevant mode: 0.5", async () => {
    const result = await new NoiseSensitivity({ llm: judge(), mode: "irrelevant" }).score(sample);
    expect(result.value).toBe(0.5);
    expect(result.details).toMatchObject({ fromIrrelevantOnly: [false, false, true, true] });
  });

  it("a single context", async () => {
    const single = { ...sample, retrievedContexts: [C[0]!] };
    expect((await new NoiseSensitivity({ llm: judge() }).score(single)).value).toBe(0.25);
    expect((await new NoiseSensitivity({ llm: judge(), mode: "irrelevant" }).score(single)).value).toBe(0);
  });

  for (const mode of ["relevant", "irrelevant"] as const) {
    it(`${mode} mode, no response statements: null with a reason and no verdict call`, async () => {
      const llm = judge([]);
      const result = await new NoiseSensitivity({ llm, mode }).score(sample);
      expect(result).toMatchObject({ value: null, status: "ok" });
      expect(result.reason).toMatch(/no statements in the response/);
      expect(result.details).toMatchObject({ mode, responseStatements: [], referenceStatements: R });
      expect(llm.callsFor(VERDICTS)).toHaveLength(0);
    });

    it(`${mode} mode, no reference statements: null with a reason and no verdict call`, async () => {
      // A2, A3 and A4 are incorrect and supported by contexts, none relevant: irrelevant mode gave 0.75 before.
      const llm = judge(A, []);
      const result = await new NoiseSensitivity({ llm, mode }).score(sample);
      expect(result).toMatchObject({ value: null, status: "ok" });
      expect(result.reason).toMatch(/no statements in the reference/);
      expect(result.reason).toMatch(/both modes/);
      expect(result.details).toMatchObject({ mode, responseStatements: A, referenceStatements: [] });
      expect(llm.callsFor(VERDICTS)).toHaveLength(0);
    });
  }

  it("a bad mode throws naming the option", () => {
    // @ts-expect-error: a wrong mode from untyped input
    expect(() => new NoiseSensitivity({ llm: judge(), mode: "all" })).toThrow(/mode/);
  });
});
