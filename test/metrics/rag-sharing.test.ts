// Judge work shared within a row: metrics that extract statements from the same text ask the very same
// prompt (name, version, instruction, examples, input) with the same schema, so the judge's memo and the
// disk cache (both keyed on the rendered prompt and schema) answer the repeats without a special case.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Faithfulness } from "../../src/index.js";
import { AnswerCorrectness } from "../../src/metrics/answer-correctness/metric.js";
import { ContextRecall } from "../../src/metrics/context-recall/metric.js";
import { NoiseSensitivity } from "../../src/metrics/noise-sensitivity/metric.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const STATEMENTS = "faithfulness/statements";
const sample = {
  userInput: "Where is the cat?",
  response: "The cat is on the mat.",
  reference: "The cat sat on the mat.",
  retrievedContexts: ["The cat sat on the mat in the sun."],
};

function statementCalls(run: (llm: ScriptedLlm) => Promise<unknown>) {
  const llm = new ScriptedLlm({ [STATEMENTS]: () => ({ statements: [] }) });
  return run(llm).then(() =>
    llm.callsFor(STATEMENTS).map((c) => ({ prompt: c.prompt, schema: z.toJSONSchema(c.schema) })),
  );
}

describe("shared statement steps", () => {
  it("faithfulness, answer correctness and noise sensitivity ask the same response-statements prompt", async () => {
    const [faithfulness] = await statementCalls((llm) => new Faithfulness({ llm }).score(sample));
    const correctness = await statementCalls((llm) =>
      new AnswerCorrectness({ llm, weights: [1, 0] }).score(sample),
    );
    const noise = await statementCalls((llm) => new NoiseSensitivity({ llm }).score(sample));
    expect(correctness[0]).toEqual(faithfulness);
    expect(noise[1]).toEqual(faithfulness);
    // and the reference's statements are one prompt across answer correctness, noise sensitivity, context recall
    const recall = await statementCalls((llm) => new ContextRecall({ llm }).score(sample));
    expect(correctness[1]).toEqual(recall[0]);
    expect(noise[0]).toEqual(recall[0]);
  });
});
