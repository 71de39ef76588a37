// The promptfoo grader's parts: how promptfoo's prompts are read (chat lists, plain text, a list of system messages
// only), the texts promptfoo's parsers read from each shape's answer, the options check, the refusal of a step it
// does not answer, and (on the generated tiny GGUF) the advice of a prompt too long for the judge. test/promptfoo/promptfoo-eval.test.ts runs them inside real promptfoo.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { checkGraderOptions } from "../../src/promptfoo/grader-options.js";
import { graderPrompt } from "../../src/promptfoo/grader-prompt.js";
import { PromptfooGrader } from "../../src/promptfoo/index.js";
import { jsonAnswerShapes } from "../../src/promptfoo/json-answer-shapes.js";
import { contextUnits, ragAnswerShapes } from "../../src/promptfoo/rag-answer-shapes.js";
import { tinyChatGgufPath } from "../setup/paths.js";

describe("graderPrompt", () => {
  it("reads a chat list: system messages are the instruction, the last user message the input", () => {
    const prompt = JSON.stringify([
      { role: "system", content: "Grade it." },
      { role: "user", content: "<Output>hi</Output>" },
    ]);
    const read = graderPrompt(prompt, "llm-rubric", "Answer with JSON.");
    expect(read.system).toBe("Grade it.");
    expect(read.input).toBe("<Output>hi</Output>\n\nAnswer with JSON.");
  });

  it("reads a list of system messages only (model-graded-closedqa) as the input", () => {
    const prompt = JSON.stringify([{ role: "system", content: "[Task]: x\nDoes the submission meet it?" }]);
    const read = graderPrompt(prompt, "model-graded-closedqa", "");
    expect(read.system).toBe("");
    expect(read.input).toBe("[Task]: x\nDoes the submission meet it?");
  });

  it("reads plain text (the RAG prompts) as the input", () => {
    const read = graderPrompt("question: q\nstatements:\n", "context-faithfulness-longform", "");
    expect([read.system, read.input]).toEqual(["", "question: q\nstatements:\n"]);
  });
});

describe("answer shapes: blank texts the grammar cannot forbid", () => {
  it("a blank statement or step is dropped, a blank reason kept as empty; the counts hold on the items kept", () => {
    const statements = ragAnswerShapes["context-faithfulness-longform"]!({}, "longform").schema;
    expect(statements.parse({ statements: ["A is B.", " \n "] })).toEqual({ statements: ["A is B."] });
    expect(statements.safeParse({ statements: [" "] }).success).toBe(false);
    const steps = jsonAnswerShapes["g-eval-steps"]!({}, "g-eval-steps").schema;
    expect(steps.parse({ steps: ["Read.", "Check.", "Score.", "  "] })).toEqual({
      steps: ["Read.", "Check.", "Score."],
    });
    expect(steps.safeParse({ steps: ["Read.", "Check.", " "] }).success).toBe(false);
    const rubric = jsonAnswerShapes["llm-rubric"]!({}, "llm-rubric").schema;
    expect(rubric.parse({ reason: " \n", pass: true, score: 1 })).toEqual({
      reason: "",
      pass: true,
      score: 1,
    });
  });
});

describe("answer shapes: the text promptfoo's parser reads", () => {
  it("context-faithfulness' verdicts end with promptfoo's final-verdict line, one verdict per statement", () => {
    const shape = ragAnswerShapes["context-faithfulness-nli"]!({ statements: ["A is B.", "C is D."] }, "nli");
    const text = shape.render({ verdicts: [{ verdict: "Yes" }, { verdict: "No" }] });
    expect(text.split("\n").at(-1)).toBe("Final verdict for each statement in order: Yes. No.");
    expect(shape.plan?.length).toBeGreaterThan(0);
  });

  it("context-recall writes [Attributed] or [Not Attributed] after each sentence of the expected answer", () => {
    const shape = ragAnswerShapes["context-recall"]!(
      { groundTruth: "Paris is big. It is old." },
      "context-recall",
    );
    expect(shape.render({ sentences: [{ attributed: "yes" }, { attributed: "no" }] })).toBe(
      "1. Paris is big. So [Attributed]\n2. It is old. So [Not Attributed]",
    );
  });

  it("context-relevance quotes the relevant units, or says Insufficient Information", () => {
    const shape = ragAnswerShapes["context-relevance"]!({ context: "One. Two! Three?" }, "context-relevance");
    expect(contextUnits("One. Two! Three?")).toEqual(["One.", "Two!", "Three?"]);
    expect(shape.render({ sentences: [{ relevant: "no" }, { relevant: "yes" }, { relevant: "yes" }] })).toBe(
      "Two!\nThree?",
    );
    expect(shape.render({ sentences: [{ relevant: "no" }, { relevant: "no" }, { relevant: "no" }] })).toBe(
      "Insufficient Information",
    );
  });

  it("model-graded-closedqa ends with the letter on its own line, twice", () => {
    const shape = jsonAnswerShapes["model-graded-closedqa"]!({}, "model-graded-closedqa");
    expect(shape.render({ reasoning: "It names Paris. ", answer: "Y" })).toBe("It names Paris.\nY\nY");
  });

  it("g-eval's score runs from 0 to promptfoo's maxScore", () => {
    const shape = jsonAnswerShapes["g-eval"]!({ maxScore: "10" }, "g-eval");
    expect(shape.schema.safeParse({ score: 10, reason: "ok" }).success).toBe(true);
    expect(shape.schema.safeParse({ score: 11, reason: "ok" }).success).toBe(false);
  });

  it("a judge's text is bounded, so a repeating judge still closes its answer", () => {
    const shape = jsonAnswerShapes["llm-rubric"]!({}, "llm-rubric");
    expect(shape.schema.safeParse({ reason: "x".repeat(400), pass: true, score: 1 }).success).toBe(true);
    expect(shape.schema.safeParse({ reason: "x".repeat(401), pass: true, score: 1 }).success).toBe(false);
  });
});

describe("the grader's config and steps", () => {
  it("reads model paths from the promptfoo config's folder and names a wrong option", () => {
    expect(checkGraderOptions({ llm: "judge.gguf", basePath: "/evals" }).llm).toBe("/evals/judge.gguf");
    expect(() => checkGraderOptions({ llm: "judge.gguf", thread: 2 })).toThrow(InvalidInputError);
    expect(() => checkGraderOptions({ llm: "judge.gguf", thread: 2 })).toThrow(/thread/);
  });

  it("answers a step it does not know with an error naming the steps it answers, loading no model", async () => {
    const grader = new PromptfooGrader({ config: { llm: "/nowhere/judge.gguf" } });
    const answer = await grader.callApi("hi", { prompt: { label: "search-rubric" } });
    expect(answer.error).toMatch(/"search-rubric"/);
    expect(answer.error).toMatch(/llm-rubric, trajectory:goal-success, factuality/);
  });

  it("a grading prompt too long for the judge's context names the grader's config options that fix it", async () => {
    const grader = new PromptfooGrader({
      config: { llm: tinyChatGgufPath, contextSize: 256, maxTokens: 64 },
    });
    const prompt = `<Output>${"Paris is the capital of France. ".repeat(60)}</Output><Rubric>Names a city</Rubric>`;
    const answer = await grader.callApi(prompt, { prompt: { label: "llm-rubric" }, vars: {} });
    expect(answer.error).toMatch(/does not fit/);
    expect(answer.error).toMatch(
      /set contextSize: \d+ .*in the grader's config \(the config of defaultTest\.options\.provider\)/,
    );
    expect(answer.error).not.toMatch(/LlamaCppLlm\.load/);
  });
});
