// Hostile conversations through the built CLI: a value in the data must never change what the readers see
// (an OTLP attribute keyed `__proto__`), and a message written in two formats is refused, not half read.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-hostile-conversations-");
afterAll(() => box.cleanup());

/** A row every reader reads alike, before the row under test (so the run goes on and exits 1 for that row). */
const plain = {
  messages: [
    { role: "user", content: "Weather in Oslo?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "get_forecast", arguments: "{}" } }],
    },
  ],
  reference_tool_calls: [{ name: "get_forecast", args: {} }],
};

async function evalRows(name: string, row: unknown, metric: string) {
  const file = box.file(`${name}.jsonl`);
  writeFileSync(file, `${[plain, row].map((r) => JSON.stringify(r)).join("\n")}\n`);
  return runCli(
    ["eval", file, "--metrics", metric, "--out", box.file(`${name}-out.jsonl`), "--no-cache"],
    box.env,
  );
}

describe("conversations from hostile data", () => {
  it("reads an OTLP attribute keyed __proto__ as an attribute, never as the span's other attributes", async () => {
    const spans = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  startTimeUnixNano: "1",
                  attributes: [
                    {
                      key: "__proto__",
                      value: { "gen_ai.tool.name": "get_forecast", "gen_ai.operation.name": "execute_tool" },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const result = await evalRows(
      "proto",
      { messages: spans, reference_tool_calls: [{ name: "get_forecast", args: {} }] },
      "tool_call_f1",
    );
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toMatch(/^tool_call_f1 +1\.000 .* 1 of 2 /m);
    expect(result.stderr).toMatch(/no span has gen_ai\.input\.messages/);
  });

  it("refuses a conversation mixing toolCalls and OpenAI's tool_calls, naming the message and field", async () => {
    const messages = [
      { role: "user", content: "Weather in Oslo and Bergen?" },
      { role: "assistant", content: "", toolCalls: [{ name: "get_forecast", args: { city: "Oslo" } }] },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c2", type: "function", function: { name: "get_forecast", arguments: '{"city":"Bergen"}' } },
        ],
      },
    ];
    const reference = [
      { name: "get_forecast", args: { city: "Oslo" } },
      { name: "get_forecast", args: { city: "Bergen" } },
    ];
    const result = await evalRows(
      "mixed",
      { messages, reference_tool_calls: reference },
      "tool_call_f1,tool_call_accuracy",
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^tool_call_f1 +1\.000 .* 1 of 2 /m);
    expect(result.stderr).toMatch(
      /mixed\.jsonl, line 2, row 1, field "messages\[2\]\.tool_calls": is OpenAI's tool field, but this conversation is read as airgap-eval's format/,
    );
  });

  it("refuses OpenAI tool calls in a conversation read as Anthropic's, saying the formats are mixed, with row and path", async () => {
    const messages = [
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "get_forecast", arguments: "{}" } }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "rain" }] },
    ];
    const result = await evalRows(
      "openai-in-anthropic",
      { messages, reference_tool_calls: [{ name: "get_forecast", args: {} }] },
      "tool_call_f1",
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^tool_call_f1 +1\.000 .* 1 of 2 /m);
    expect(result.stderr).toMatch(
      /openai-in-anthropic\.jsonl, line 2, row 1, field "messages\[1\]\.tool_calls": is OpenAI's tool field, but this conversation is read as Anthropic's format \(message 2's content\[0\] is an Anthropic tool_result block\): the conversation mixes OpenAI and Anthropic messages/,
    );
  });

  it("refuses an OpenAI tool message after an Anthropic tool_use block, saying the formats are mixed", async () => {
    const messages = [
      { role: "user", content: "Weather in Oslo?" },
      { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "get_forecast", input: {} }] },
      { role: "tool", content: "rain" },
    ];
    const result = await evalRows(
      "tool-role-in-anthropic",
      { messages, reference_tool_calls: [{ name: "get_forecast", args: {} }] },
      "tool_call_f1",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /tool-role-in-anthropic\.jsonl, line 2, row 1, field "messages\[2\]\.role": role "tool" is OpenAI's tool result message, but this conversation is read as Anthropic's format \(message 1's content\[0\] is an Anthropic tool_use block\): the conversation mixes OpenAI and Anthropic messages/,
    );
  });

  it.each([
    [
      "a serialized message of an unknown class",
      {
        lc: 1,
        type: "constructor",
        id: ["langchain", "schema", "messages", "FunctionMessage"],
        kwargs: { content: "x" },
      },
      /field "messages\[1\]\.id": unknown LangChain message class "FunctionMessage" \(id \["langchain","schema","messages","FunctionMessage"\]\); the classes read are HumanMessage, HumanMessageChunk, AIMessage/,
    ],
    [
      "a message without a type",
      { content: "x", name: "lookup" },
      /field "messages\[1\]\.type": no message type \(the message has keys content, name\); a LangChain message has type human, ai, system, tool or chat, or is serialized as one of the classes HumanMessage/,
    ],
  ])("names the class or keys of %s and the LangChain classes read", async (name, message, expected) => {
    const row = {
      messages: [{ type: "human", content: "Weather in Oslo?" }, message],
      reference_tool_calls: [],
    };
    const result = await evalRows(name.replaceAll(" ", "-"), row, "tool_call_f1");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(expected);
    expect(result.stderr).not.toContain("undefined");
  });
});
