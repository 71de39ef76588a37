import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import {
  ContextRelevanceEvaluator,
  FaithfulnessEvaluator,
  runEvaluators,
  SASEvaluator,
} from "../../src/index.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import {
  GEORGE_LUCAS_ANSWER,
  GUIDO_STATEMENTS,
  LUCAS_STATEMENTS,
  LUCAS_VERDICTS,
  PYTHON_CONTEXT,
  PYTHON_QUESTION,
} from "./seed-examples.js";

const judge = () =>
  new ScriptedLlm({
    "context_relevance/statements": [GUIDO_STATEMENTS],
    "faithfulness/statements": [LUCAS_STATEMENTS],
    "faithfulness/verdicts": [LUCAS_VERDICTS],
  });

const inputs = {
  questions: [PYTHON_QUESTION],
  contexts: [[PYTHON_CONTEXT]],
  predictedAnswers: [GEORGE_LUCAS_ANSWER],
};

describe("evaluation pipeline (the seed's pipeline example)", () => {
  it("runEvaluators fans shared inputs out to each evaluator and returns each output", async () => {
    const llm = judge();
    const results = await runEvaluators(
      {
        context_relevance: new ContextRelevanceEvaluator({ llm, progressBar: false }),
        faithfulness: new FaithfulnessEvaluator({ llm, progressBar: false }),
      },
      inputs,
    );
    expect(Object.keys(results)).toEqual(["context_relevance", "faithfulness"]);
    expect(results.context_relevance).toMatchObject({ score: 1, individualScores: [1], failedRows: 0 });
    expect(results.faithfulness).toMatchObject({ score: 0.5, individualScores: [0.5] });
    expect(results.faithfulness.results[0]!.statementScores).toEqual([1, 0]);
    expect(llm.calls.map((c) => c.prompt.name)).toEqual([
      "context_relevance/statements",
      "faithfulness/statements",
      "faithfulness/verdicts",
    ]);
  });

  it("runs each evaluator, with per-evaluator inputs overriding shared ones", async () => {
    const embeddings = new FakeEmbeddings({ "Guido van Rossum": [1, 0], Guido: [0.6, 0.8] });
    const results = await runEvaluators(
      {
        context_relevance: new ContextRelevanceEvaluator({ llm: judge(), progressBar: false }),
        sas: new SASEvaluator({ embeddings }),
      },
      { ...inputs, groundTruthAnswers: ["Guido van Rossum"] },
      { perEvaluator: { sas: { predictedAnswers: ["Guido"] } } },
    );
    expect(Object.keys(results)).toEqual(["context_relevance", "sas"]);
    expect(results.context_relevance.score).toBe(1);
    expect(results.sas.score).toBeCloseTo(0.6, 6);
  });

  it("names the evaluator and input that is missing, before running anything", async () => {
    const llm = judge();
    const run = runEvaluators(
      {
        context_relevance: new ContextRelevanceEvaluator({ llm, progressBar: false }),
        faithfulness: new FaithfulnessEvaluator({ llm, progressBar: false }),
      },
      { questions: inputs.questions, contexts: inputs.contexts },
    );
    await expect(run).rejects.toBeInstanceOf(InvalidInputError);
    await expect(run).rejects.toThrow(/evaluator "faithfulness" needs the input "predictedAnswers"/);
    expect(llm.calls).toHaveLength(0);
  });

  it("validates every evaluator's inputs before the first one runs", async () => {
    const llm = judge();
    const embeddings = new FakeEmbeddings({ "Guido van Rossum": [1, 0] });
    const evaluators = {
      context_relevance: new ContextRelevanceEvaluator({ llm, progressBar: false }),
      faithfulness: new FaithfulnessEvaluator({ llm, progressBar: false }),
      sas: new SASEvaluator({ embeddings }),
    };
    // Bad only for the 2nd evaluator: faithfulness needs a non-empty list of contexts.
    const emptyContexts = runEvaluators(evaluators, { ...inputs, contexts: [[]], groundTruthAnswers: ["x"] });
    await expect(emptyContexts).rejects.toBeInstanceOf(InvalidInputError);
    await expect(emptyContexts).rejects.toThrow(
      /evaluator "faithfulness" cannot run, so no evaluator was started: row 0, field "contexts": is an empty list/,
    );
    // Bad only for the 3rd: a length mismatch, and a non-string answer.
    await expect(runEvaluators(evaluators, { ...inputs, groundTruthAnswers: ["a", "b"] })).rejects.toThrow(
      /evaluator "sas" cannot run.*field "predictedAnswers": has 1 items but "groundTruthAnswers" has 2/,
    );
    const notText = runEvaluators(evaluators, { ...inputs, groundTruthAnswers: [7 as never] });
    await expect(notText).rejects.toMatchObject({ row: 0, field: "groundTruthAnswers" });
    expect(llm.calls).toHaveLength(0);
    expect(embeddings.batches).toHaveLength(0);
  });

  it("custom evaluators without validateInputs still run after the presence check", async () => {
    const custom = {
      inputNames: ["questions"] as const,
      run: async (given: { questions?: string[] }) => ({
        score: given.questions!.length,
        individualScores: [given.questions!.length],
        results: [given.questions],
        failedRows: 0,
      }),
    };
    const results = await runEvaluators({ custom }, inputs);
    expect(results.custom.score).toBe(1);
  });

  it("rejects perEvaluator keys that name no evaluator", async () => {
    const evaluator = new ContextRelevanceEvaluator({ llm: judge(), progressBar: false });
    await expect(runEvaluators({ a: evaluator }, inputs, { perEvaluator: { b: {} } })).rejects.toThrow(
      /field "perEvaluator": names no evaluator: b/,
    );
  });
});
