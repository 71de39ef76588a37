// The conversation text Ragas' agent judges read (`MultiTurnSample.pretty_repr()`), from every reader's messages.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../src/dataset/load.js";
import { InvalidInputError } from "../../src/errors.js";
import type { FieldRead } from "../../src/metrics/descriptor.js";
import { readInputs } from "../../src/metrics/shared/base/inputs.js";
import { ragasTranscript } from "../../src/metrics/shared/conversation/transcript.js";
import { readConversation } from "../../src/sample/conversation/read.js";

describe("ragasTranscript", () => {
  it("writes Human, AI, Tools (arguments as Python prints a dict) and ToolOutput, as Ragas' pretty_repr", () => {
    const text = ragasTranscript([
      { role: "user", content: "Hey, book a table at the nearest best Chinese restaurant for 8:00pm" },
      {
        role: "assistant",
        content: "Sure, let me find the best options for you.",
        toolCalls: [{ name: "restaurant_search", args: { cuisine: "Chinese", time: "8:00pm" } }],
      },
      { role: "tool", content: "Found a few options: 1. Golden Dragon, 2. Jade Palace" },
      { role: "assistant", content: "Which one would you prefer?", toolCalls: [] },
    ]);
    expect(text).toBe(
      [
        "Human: Hey, book a table at the nearest best Chinese restaurant for 8:00pm",
        "AI: Sure, let me find the best options for you.",
        "Tools:",
        "  restaurant_search: {'cuisine': 'Chinese', 'time': '8:00pm'}",
        "ToolOutput: Found a few options: 1. Golden Dragon, 2. Jade Palace",
        "AI: Which one would you prefer?",
      ].join("\n"),
    );
  });

  it("leaves out system messages and the AI line of a call-only turn; prints values the Python way", () => {
    const text = ragasTranscript([
      { role: "system", content: "You are terse." },
      { role: "user", content: "It's 2 people?" },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          {
            name: "book",
            args: { query: "Einstein's theory", n: 2, ok: true, note: null, tags: ["a", 1.5] },
          },
          { name: "noop", args: {} },
        ],
      },
      { role: "assistant", content: "", toolCalls: [] },
    ]);
    expect(text).toBe(
      [
        "Human: It's 2 people?",
        "Tools:",
        `  book: {'query': "Einstein's theory", 'n': 2, 'ok': True, 'note': None, 'tags': ['a', 1.5]}`,
        "  noop: {}",
      ].join("\n"),
    );
  });

  it("reads the same text from an Anthropic conversation", () => {
    const messages = readConversation({
      format: "anthropic",
      system: "You answer billing questions.",
      messages: [
        { role: "user", content: "Total of invoice 2291?" },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Let me look." },
            { type: "tool_use", id: "t1", name: "find_invoice", input: { number: 2291 } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "1,240.00 NOK" }] },
      ],
    });
    expect(ragasTranscript(messages)).toBe(
      "Human: Total of invoice 2291?\nAI: Let me look.\nTools:\n  find_invoice: {'number': 2291}\nToolOutput: 1,240.00 NOK",
    );
  });
});

/** The row's `messages` read as a judge that reads the transcript reads them (`judgeReadable`), as its text. */
function sampleTranscript(sample: object, row: number): string {
  const reads: FieldRead[] = [{ field: "messages", judgeReadable: true }];
  return ragasTranscript(readInputs({ reads }, sample, row).messages as never);
}

describe("reading messages for a judge (judgeReadable)", () => {
  it("names the row and field of a conversation with nothing to read, and of one that cannot be read", () => {
    const empty = () => sampleTranscript({ messages: [{ role: "system", content: "Be nice." }] }, 3);
    expect(empty).toThrow(InvalidInputError);
    expect(empty).toThrow(/row 3.*messages.*holds no user, assistant or tool message/);
    expect(() => sampleTranscript({}, 0)).toThrow(/messages.*is missing; give the agent's conversation/);
    expect(() =>
      sampleTranscript(
        {
          messages: [
            {
              role: "assistant",
              tool_calls: [{ id: "x", type: "function", function: { name: "f", arguments: "{" } }],
            },
          ] as never,
        },
        1,
      ),
    ).toThrow(/messages\[0\]\.tool_calls\[0\]\.function\.arguments/);
  });
});

describe("docs/agents.md", () => {
  it("shows the text the judge reads for the example's first row", () => {
    const [first] = loadDataset("examples/agent-eval.jsonl", { strict: true }).samples;
    const text = sampleTranscript(first!.sample, first!.row);
    expect(readFileSync("docs/agents.md", "utf8")).toContain(`\`\`\`text\n${text}\n\`\`\``);
  });
});
