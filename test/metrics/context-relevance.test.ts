import { describe, expect, expectTypeOf, it } from "vitest";
import { ContextOverflowError, InvalidInputError, JudgeOutputError } from "../../src/errors.js";
import {
  ContextRelevance,
  ContextRelevanceEvaluator,
  type ContextRelevanceEvaluatorOptions,
  type ContextRelevanceExample,
} from "../../src/index.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { GUIDO_STATEMENTS, PYTHON_CONTEXT, PYTHON_QUESTION } from "./seed-examples.js";

const STATEMENTS = "context_relevance/statements";
const RELEVANT = "context_relevance/relevant_statements";

describe("ContextRelevanceEvaluator (Haystack surface)", () => {
  it("reproduces the seed's Python/Guido example: score 1.0", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [GUIDO_STATEMENTS] });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    const result = await evaluator.run({ questions: [PYTHON_QUESTION], contexts: [[PYTHON_CONTEXT]] });
    expect(result.score).toBe(1);
    expect(result.individualScores).toEqual([1]);
    expect(result.failedRows).toBe(0);
    expect(result.results).toEqual([
      {
        statements: ["Python, created by Guido van Rossum in the late 1980s."],
        statementScores: [1],
        relevantStatements: ["Python, created by Guido van Rossum in the late 1980s."],
        score: 1,
        status: "ok",
        promptVersions: { [STATEMENTS]: "1.3.0" },
      },
    ]);
    // The judge saw the question and the context, with temperature 0.
    expect(llm.calls[0]!.prompt.input).toContain(PYTHON_QUESTION);
    expect(llm.calls[0]!.prompt.input).toContain("Guido van Rossum");
    expect(llm.calls[0]!.options?.temperature).toBe(0);
  });

  it("drops a statement of only whitespace (the grammar cannot forbid it) with its score", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [
        {
          statements: [
            { statement: "Python was created by Guido van Rossum.", score: 1 },
            { statement: " \n", score: 0 },
          ],
        },
      ],
    });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    const result = await evaluator.run({ questions: [PYTHON_QUESTION], contexts: [[PYTHON_CONTEXT]] });
    expect(result.results[0]).toMatchObject({
      statements: ["Python was created by Guido van Rossum."],
      statementScores: [1],
      score: 1,
      status: "ok",
    });
  });

  it("scores the fraction of relevant statements per row and the mean over rows", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [
        {
          statements: [
            { statement: "a", score: 1 },
            { statement: "b", score: 0 },
            { statement: "c", score: 0 },
            { statement: "d", score: 1 },
          ],
        },
        { statements: [] },
      ],
    });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    const result = await evaluator.run({
      questions: ["q1", "q2"],
      contexts: [["Paris is in France. It is big."], ["c2"]],
    });
    expect(result.individualScores).toEqual([0.5, 0]);
    expect(result.score).toBe(0.25);
  });

  it("with raiseOnFailure false, a failed row is null, counted and left out of the mean", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [
        GUIDO_STATEMENTS,
        new JudgeOutputError("judge answer was cut off at maxTokens", '{"statements": [{"statem'),
        {
          statements: [
            { statement: "x", score: 0 },
            { statement: "y", score: 1 },
          ],
        },
      ],
    });
    const evaluator = new ContextRelevanceEvaluator({ llm, raiseOnFailure: false, progressBar: false });
    const result = await evaluator.run({ questions: ["q1", "q2", "q3"], contexts: [["c1"], ["c2"], ["c3"]] });
    expect(result.individualScores).toEqual([1, null, 0.5]);
    expect(result.score).toBe(0.75);
    expect(result.failedRows).toBe(1);
    expect(result.results[1]!.score).toBeNull();
    expect(result.results[1]!.status).toBe("error");
    expect(result.results[1]!.promptVersions).toEqual({ [STATEMENTS]: "1.3.0" });
    expect(result.results[1]!.error).toMatch(/JudgeOutputError: judge answer was cut off/);
    expect(result.results.map((r) => r.status)).toEqual(["ok", "error", "ok"]);
  });

  it("with raiseOnFailure true (the default), a failed row throws naming the row", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [GUIDO_STATEMENTS, new JudgeOutputError("bad json", "{")] });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    expect(evaluator.raiseOnFailure).toBe(true);
    const run = evaluator.run({ questions: ["q1", "q2"], contexts: [["c1"], ["c2"]] });
    await expect(run).rejects.toBeInstanceOf(JudgeOutputError);
    await expect(run).rejects.toThrow(/row 1 failed.*bad json/);
  });

  it("rejects lists of different lengths before any judge call", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [] });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    const run = evaluator.run({ questions: ["q1", "q2"], contexts: [["c1"]] });
    await expect(run).rejects.toBeInstanceOf(InvalidInputError);
    await expect(run).rejects.toThrow(/field "contexts".*1 items but "questions" has 2/);
    expect(llm.calls).toHaveLength(0);
  });

  it("names the row and field of a bad item", async () => {
    const evaluator = new ContextRelevanceEvaluator({ llm: new ScriptedLlm({}), progressBar: false });
    await expect(evaluator.run({ questions: ["q1", "  "], contexts: [["c"], ["c"]] })).rejects.toThrow(
      /row 1, field "questions": is empty/,
    );
    await expect(evaluator.run({ questions: ["q1"], contexts: [["ok", ""]] })).rejects.toThrow(
      /row 0, field "contexts\[1\]": is empty/,
    );
  });

  it("scores an empty list of contexts 0 without calling the judge", async () => {
    const llm = new ScriptedLlm({});
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    const result = await evaluator.run({ questions: ["q"], contexts: [[]] });
    expect(result.individualScores).toEqual([0]);
    expect(llm.calls).toHaveLength(0);
  });

  it("relevant-statements mode (Haystack 2.4+): 1 when any relevant statement exists, else 0", async () => {
    const llm = new ScriptedLlm({
      [RELEVANT]: [
        { relevantStatements: ["Python, created by Guido van Rossum in the late 1980s."] },
        { relevantStatements: ["The JVM lets Java programs run on any operating system."] },
        { relevantStatements: [] },
      ],
    });
    const evaluator = new ContextRelevanceEvaluator({ llm, mode: "relevant-statements", progressBar: false });
    const result = await evaluator.run({
      questions: [PYTHON_QUESTION, "Why does Java need a JVM?", "Is C++ better than Python?"],
      contexts: [
        [PYTHON_CONTEXT],
        ["Java ... The JVM ..."],
        ["C++ is a general-purpose programming language."],
      ],
    });
    expect(result.individualScores).toEqual([1, 1, 0]);
    expect(result.score).toBeCloseTo(2 / 3, 12);
    expect(result.results[2]).toEqual({
      statements: [],
      statementScores: [],
      relevantStatements: [],
      score: 0,
      status: "ok",
      promptVersions: { [RELEVANT]: "1.3.0" },
    });
    expect(llm.callsFor(STATEMENTS)).toHaveLength(0);
  });

  it("validates examples when built and names the malformed example and field", () => {
    const llm = new ScriptedLlm({});
    const good = {
      inputs: { questions: "What is the capital of Italy?", contexts: ["Rome is the capital of Italy."] },
      outputs: { statements: ["Rome is the capital of Italy."], statement_scores: [1 as const] },
    };
    const build = (examples: unknown) =>
      new ContextRelevanceEvaluator({ llm, examples: examples as never, progressBar: false });
    expect(() => build([good, { inputs: good.inputs, outputs: { statements: ["a"] } }])).toThrow(
      /field "examples\[1\]\.outputs\.statement_scores".*example 1 is malformed: statement_scores is missing/,
    );
    expect(() =>
      build([{ inputs: good.inputs, outputs: { statements: ["a", "b"], statement_scores: [1] } }]),
    ).toThrow(/examples\[0\]\.outputs\.statement_scores.*1 scores for 2 statements/);
    expect(() => build([{ inputs: { questions: 3, contexts: ["x"] }, outputs: good.outputs }])).toThrow(
      /examples\[0\]\.inputs\.questions/,
    );
    expect(() => build([{ ...good, output: {} }])).toThrow(InvalidInputError);
    expect(() => build([{ ...good, outputs: { statements: ["a"], statement_scores: [2] } }])).toThrow(
      /examples\[0\]\.outputs\.statement_scores\[0\]/,
    );
    expect(() => build("not a list")).toThrow(/field "examples"/);
  });

  it("refuses an option it does not know, naming it, as every metric does", () => {
    const llm = new ScriptedLlm({});
    const misspelt = { llm, temprature: 1 } as unknown as ContextRelevanceEvaluatorOptions;
    expect(() => new ContextRelevanceEvaluator(misspelt)).toThrow(InvalidInputError);
    expect(() => new ContextRelevanceEvaluator(misspelt)).toThrow(/temprature/);
  });

  it("its options type, derived from its schema, types the examples in Haystack's shape", () => {
    expectTypeOf<ContextRelevanceEvaluatorOptions>()
      .toHaveProperty("examples")
      .toEqualTypeOf<ContextRelevanceExample[] | undefined>();
  });

  it("puts valid examples (either Haystack shape) into the prompt and tags the prompt version", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [GUIDO_STATEMENTS],
      [RELEVANT]: [{ relevantStatements: [] }],
    });
    const examples = [
      {
        inputs: {
          questions: "What is the capital of Italy?",
          contexts: ["Rome is the capital of Italy. It is old."],
        },
        outputs: {
          statements: ["Rome is the capital of Italy.", "Rome is old."],
          statement_scores: [1, 0] as Array<0 | 1>,
        },
      },
      {
        inputs: { questions: "What is the capital of Spain?", contexts: ["Madrid is the capital of Spain."] },
        outputs: { relevant_statements: ["Madrid is the capital of Spain."] },
      },
    ];
    const statementsMode = new ContextRelevanceEvaluator({ llm, examples, progressBar: false });
    await statementsMode.run({ questions: [PYTHON_QUESTION], contexts: [[PYTHON_CONTEXT]] });
    const shown = llm.callsFor(STATEMENTS)[0]!.prompt.examples;
    expect(shown).toHaveLength(2);
    expect(JSON.parse(shown[0]!.output)).toEqual({
      statements: [
        { statement: "Rome is the capital of Italy.", score: 1 },
        { statement: "Rome is old.", score: 0 },
      ],
    });
    expect(shown[1]!.input).toContain("Madrid");
    const version = Object.values(statementsMode.config().promptVersions)[0]!;
    expect(version).toMatch(/^1\.3\.0\+examples\.[0-9a-f]{12}$/);

    const relevantMode = new ContextRelevanceEvaluator({
      llm,
      examples,
      mode: "relevant-statements",
      progressBar: false,
    });
    await relevantMode.run({ questions: ["q"], contexts: [["c"]] });
    const relevantShown = llm.callsFor(RELEVANT)[0]!.prompt.examples;
    expect(JSON.parse(relevantShown[0]!.output)).toEqual({
      relevantStatements: ["Rome is the capital of Italy."],
    });
  });

  it("progressBar true draws with cli-progress on stderr without changing the results", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [GUIDO_STATEMENTS, GUIDO_STATEMENTS] });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: true });
    expect(evaluator.progressBar).toBe(true);
    const result = await evaluator.run({ questions: ["q1", "q2"], contexts: [["c"], ["c"]] });
    expect(result.individualScores).toEqual([1, 1]);
    expect(new ContextRelevanceEvaluator({ llm }).progressBar).toBe(process.stderr.isTTY === true);
  });

  it("rejects an unknown mode", () => {
    expect(
      () =>
        new ContextRelevanceEvaluator({
          llm: new ScriptedLlm({}),
          mode: "fraction" as never,
          progressBar: false,
        }),
    ).toThrow(/field "mode"/);
  });
});

describe("ContextRelevance (Ragas-style surface, Haystack formula)", () => {
  it("gives 1.0 on the Python/Guido example with details", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [GUIDO_STATEMENTS] });
    const metric = new ContextRelevance({ llm });
    const result = await metric.score({ userInput: PYTHON_QUESTION, retrievedContexts: [PYTHON_CONTEXT] });
    expect(result).toMatchObject({ value: 1, status: "ok" });
    expect(result.details).toMatchObject({
      mode: "statements",
      statementScores: [1],
      promptVersions: { [STATEMENTS]: "1.3.0" },
    });
    expect(metric.name).toBe("context_relevance");
    expect(metric.config()).toMatchObject({
      name: "context_relevance",
      promptVersions: { [STATEMENTS]: "1.3.0" },
      options: { mode: "statements", temperature: 0 },
      models: [{ id: "scripted-judge", kind: "llm" }],
    });
  });

  it("turns a judge failure into status error and names bad input with its row in scoreBatch", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [new JudgeOutputError("truncated", "{")] });
    const metric = new ContextRelevance({ llm });
    const failed = await metric.score({ userInput: "q", retrievedContexts: ["c"] });
    expect(failed).toMatchObject({ value: null, status: "error", details: { rawText: "{" } });
    expect(failed.error).toMatch(/JudgeOutputError: truncated/);
    await expect(
      metric.scoreBatch([
        { userInput: "q", retrievedContexts: ["c"] },
        { userInput: "q", retrievedContexts: "c" as unknown as string[] },
      ]),
    ).rejects.toThrow(/row 1, field "retrievedContexts": must be a list of strings/);
  });

  it("splits contexts that overflow the judge window: one call per context, then per sentence chunk", async () => {
    const long =
      "Alpha one is here. Alpha two is here. Alpha three is here. Alpha four is here. Alpha five is here. Alpha six.";
    const short = "Beta is short.";
    // The window holds the question plus about 60 characters of context.
    const llm = new ScriptedLlm(
      {
        [STATEMENTS]: (prompt) => {
          const body = prompt.input.split("Context:\n")[1]!;
          const sentences = body.match(/[A-Z][^.]*\./g) ?? [];
          return {
            statements: sentences.map((s) => ({ statement: s, score: s.startsWith("Beta") ? 1 : 0 })),
          };
        },
      },
      { maxInputChars: 100 },
    );
    const metric = new ContextRelevance({ llm });
    const result = await metric.score({ userInput: "What is beta?", retrievedContexts: [long, short] });
    expect(result.status).toBe("ok");
    const statements = result.details!.statements as string[];
    // Nothing was lost: every sentence of both contexts was judged exactly once.
    expect(statements.join(" ")).toBe(`${long} ${short}`);
    expect(result.value).toBeCloseTo(1 / 7, 12);
    const splits = result.details!.splits as Array<{ field: string; calls: number; parts: unknown[][] }>;
    expect(splits).toHaveLength(1);
    expect(splits[0]!.field).toBe("retrievedContexts");
    const parts = splits[0]!.parts.flat() as Array<{ index: number; start: number; end: number }>;
    // The long context was cut into contiguous chunks covering all of it; the short one went whole.
    const longParts = parts.filter((p) => p.index === 0);
    expect(longParts.length).toBeGreaterThan(1);
    expect(longParts[0]!.start).toBe(0);
    expect(longParts.at(-1)!.end).toBe(long.length);
    for (let i = 1; i < longParts.length; i++) expect(longParts[i]!.start).toBe(longParts[i - 1]!.end);
    expect(parts.filter((p) => p.index === 1)).toEqual([{ index: 1, start: 0, end: short.length }]);
  });

  it("a context with no sentence boundary is cut at words, so a long sentence still fits", async () => {
    const sentence = "This single sentence is much longer than the tiny judge window allows";
    const llm = new ScriptedLlm(
      {
        [STATEMENTS]: (prompt) => ({
          statements: [{ statement: prompt.input.split("[1] ")[1]!, score: 0 }],
        }),
      },
      { maxInputChars: 50 },
    );
    const result = await new ContextRelevance({ llm }).score({
      userInput: "q",
      retrievedContexts: [sentence],
    });
    expect(result.status).toBe("ok");
    const splits = result.details!.splits as Array<{
      cuts: Record<string, number>;
      parts: Array<Array<{ start: number; end: number }>>;
    }>;
    expect(splits[0]!.cuts.word).toBeGreaterThan(0);
    expect(splits[0]!.cuts.character).toBe(0);
    const parts = splits[0]!.parts.flat();
    // Every cut is at the start of a word; the parts cover the sentence in order.
    for (const p of parts.slice(1)) expect(sentence[p.start - 1]).toBe(" ");
    expect(parts.map((p) => sentence.slice(p.start, p.end)).join("")).toBe(sentence);
    expect((result.details!.statements as string[]).join(" ")).toBe(sentence.split(/ +/).join(" "));
  });

  it("reports a window too small for even one character as an error row, never a truncated score", async () => {
    // The prompt input without any context ("Question:\nq\n\nContext:\n[1] ") is 26 characters.
    const llm = new ScriptedLlm({ [STATEMENTS]: [] }, { maxInputChars: 26 });
    const result = await new ContextRelevance({ llm }).score({
      userInput: "q",
      retrievedContexts: ["ab cd"],
    });
    expect(result.status).toBe("error");
    expect(result.value).toBeNull();
    expect(result.error).toMatch(
      /ContextOverflowError: retrievedContexts\[0\] characters \d-\d+: even a single character does not fit/,
    );
    expect(result.error).toMatch(/To fix it: load the judge with contextSize: \d+/);
  });

  it("relevant-statements mode on the Ragas surface", async () => {
    const llm = new ScriptedLlm({ [RELEVANT]: [{ relevantStatements: [] }] });
    const metric = new ContextRelevance({ llm, mode: "relevant-statements" });
    const result = await metric.score({ userInput: "q", retrievedContexts: ["c"] });
    expect(result).toMatchObject({ value: 0, status: "ok", reason: "no relevant statement found" });
  });

  it("lets ContextOverflowError class through for a row that cannot be split (the Haystack surface throws it)", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [] }, { maxInputChars: 10 });
    const evaluator = new ContextRelevanceEvaluator({ llm, progressBar: false });
    await expect(
      evaluator.run({ questions: ["q"], contexts: [["One sentence only"]] }),
    ).rejects.toBeInstanceOf(ContextOverflowError);
  });
});
