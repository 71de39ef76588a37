// DeepEval's test-case fields read as dataset columns, as a DeepEval user's rows meet them: snake_case (Python
// LLMTestCase / ConversationalTestCase) and the TypeScript SDK's camelCase, in loadDataset and evaluate(); a row
// giving one field under a Ragas and a DeepEval name is refused naming both columns.
import { describe, expect, it } from "vitest";
import { loadDataset } from "../src/dataset/load.js";
import { evaluate } from "../src/evaluate/evaluate.js";
import { NonLLMStringSimilarity } from "../src/metrics/non-llm-string-similarity/metric.js";
import { ToolCorrectness } from "../src/metrics/tool-correctness/metric.js";
import { madeToolCalls } from "../src/sample/conversation/messages.js";

const pythonRow = {
  input: "What if these shoes don't fit?",
  actual_output: "We offer a 30-day full refund at no extra cost.",
  expected_output: "You're eligible for a 30 day refund at no extra cost.",
  context: ["All customers are eligible for a 30 day full refund at no extra cost."],
  retrieval_context: ["Only shoes can be refunded."],
  tools_called: [{ name: "WebSearch", input_parameters: { q: "refund" }, output: { hits: 2 } }],
  expected_tools: [{ name: "WebSearch" }],
};

const typeScriptRow = {
  input: pythonRow.input,
  actualOutput: pythonRow.actual_output,
  expectedOutput: pythonRow.expected_output,
  context: pythonRow.context,
  retrievalContext: pythonRow.retrieval_context,
  toolsCalled: [
    { name: "WebSearch", inputParameters: { q: "refund" }, output: { hits: 2 }, type: "FUNCTION" },
  ],
  expectedTools: [{ name: "WebSearch" }],
};

describe("DeepEval's test-case fields as columns", () => {
  it("reads the Python and the TypeScript SDK's names into the same sample", () => {
    const [python, typeScript] = loadDataset([pythonRow, typeScriptRow], { strict: true }).samples;
    for (const item of [python!, typeScript!]) {
      expect(item.extra).toEqual({});
      const s = item.sample;
      expect(s.userInput).toBe(pythonRow.input);
      expect(s.response).toBe(pythonRow.actual_output);
      expect(s.reference).toBe(pythonRow.expected_output);
      expect(s.referenceContexts).toEqual(pythonRow.context);
      expect(s.retrievedContexts).toEqual(pythonRow.retrieval_context);
      expect(s.referenceToolCalls).toEqual([{ name: "WebSearch", args: {} }]);
      expect(madeToolCalls(s.messages!)).toEqual([
        { name: "WebSearch", args: { q: "refund" }, id: "call-0", output: '{"hits":2}' },
      ]);
    }
  });

  it("reads a ConversationalTestCase's turns, tools called inside an assistant turn included", () => {
    const { samples } = loadDataset(
      [
        {
          turns: [
            { role: "user", content: "Weather in Oslo?" },
            {
              role: "assistant",
              content: "4°C and rain.",
              tools_called: [{ name: "weather", output: "4°C" }],
            },
          ],
          chatbot_role: "a terse forecaster",
          expected_outcome: "The user learns the weather in Oslo.",
        },
      ],
      { strict: true },
    );
    const s = samples[0]!.sample;
    expect(s.messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
      { role: "assistant", content: "", toolCalls: [{ name: "weather", args: {}, id: "turn-1-call-0" }] },
      { role: "tool", content: "4°C", toolCallId: "turn-1-call-0", name: "weather" },
      { role: "assistant", content: "4°C and rain.", toolCalls: [] },
    ]);
    expect(s.chatbotRole).toBe("a terse forecaster");
    expect(s.referenceOutcome).toBe("The user learns the weather in Oslo.");
  });

  it("refuses a row giving one field under a Ragas and a DeepEval name, naming both columns", () => {
    const { invalid } = loadDataset([{ user_input: "q", input: "q again", response: "a" }]);
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.message).toContain('columns "user_input" and "input" both give userInput');
    const both = loadDataset([{ retrieved_contexts: ["a"], retrievalContext: ["b"] }]).invalid;
    expect(both[0]!.message).toContain(
      'columns "retrieved_contexts" and "retrievalContext" both give retrievedContexts',
    );
  });

  it("names the turn and key of a bad DeepEval turn", () => {
    const { invalid, samples } = loadDataset([
      {
        turns: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "x", tools_called: [{ name: 3 }] },
        ],
      },
    ]);
    expect(invalid).toEqual([]);
    expect(samples[0]!.badCells?.[0]).toMatchObject({ field: "turns[1].tools_called[0].name" });
  });

  it("scores DeepEval-named rows through evaluate()", async () => {
    const result = await evaluate(
      [pythonRow, typeScriptRow],
      [new NonLLMStringSimilarity(), new ToolCorrectness()],
      { cache: false },
    );
    const rows = result.detailed();
    expect(rows.map((r) => r.metrics.tool_correctness?.value)).toEqual([1, 1]);
    const similarity = rows.map((r) => r.metrics.non_llm_string_similarity?.value);
    expect(similarity[0]).toBeGreaterThan(0);
    expect(similarity[0]).toBe(similarity[1]);
  });
});
