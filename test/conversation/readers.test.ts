// The conversation readers: each format read into airgap-eval's messages, detected per row or named, and bad input
// named by line, message index and field, as a user meets it through loadDataset.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../src/dataset/load.js";
import { type ConversationMessage, madeToolCalls } from "../../src/sample/conversation/messages.js";
import { conversationFormat, readConversation } from "../../src/sample/conversation/read.js";
import { ConversationReadError } from "../../src/sample/conversation/read-error.js";
import { readReferenceToolCalls } from "../../src/sample/conversation/tool-calls.js";

/** The conversation every format below writes: a question, one tool call and its result, the answer. */
const expected: ConversationMessage[] = [
  { role: "system", content: "You are a weather bot." },
  { role: "user", content: "Weather in Oslo?" },
  {
    role: "assistant",
    content: "",
    toolCalls: [{ name: "weather", args: { city: "Oslo", days: 2 }, id: "c1" }],
  },
  { role: "tool", content: "4°C, rain", toolCallId: "c1" },
  { role: "assistant", content: "4°C and rain.", toolCalls: [] },
];

const openai = [
  { role: "system", content: "You are a weather bot." },
  { role: "user", content: "Weather in Oslo?" },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "c1", type: "function", function: { name: "weather", arguments: '{"city": "Oslo", "days": 2}' } },
    ],
  },
  { role: "tool", tool_call_id: "c1", content: "4°C, rain" },
  { role: "assistant", content: [{ type: "text", text: "4°C and rain." }] },
];

const anthropic = {
  system: "You are a weather bot.",
  messages: [
    { role: "user", content: "Weather in Oslo?" },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "c1", name: "weather", input: { city: "Oslo", days: 2 } }],
    },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "c1", content: [{ type: "text", text: "4°C, rain" }] }],
    },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "..." },
        { type: "text", text: "4°C and rain." },
      ],
    },
  ],
};

const langchain = [
  { type: "system", content: "You are a weather bot." },
  { type: "human", content: "Weather in Oslo?" },
  { type: "ai", content: "", tool_calls: [{ name: "weather", args: { city: "Oslo", days: 2 }, id: "c1" }] },
  { type: "tool", content: "4°C, rain", tool_call_id: "c1" },
  {
    lc: 1,
    type: "constructor",
    id: ["langchain", "schema", "messages", "AIMessage"],
    kwargs: { content: "4°C and rain." },
  },
];

const genAiMessages = [
  { role: "user", parts: [{ type: "text", content: "Weather in Oslo?" }] },
  {
    role: "assistant",
    parts: [{ type: "tool_call", id: "c1", name: "weather", arguments: { city: "Oslo", days: 2 } }],
  },
  { role: "tool", parts: [{ type: "tool_call_response", id: "c1", response: "4°C, rain" }] },
];
/** An OTLP/JSON export: two chat spans, the later one holding the whole history and the answer. */
const otlp = {
  resourceSpans: [
    {
      scopeSpans: [
        {
          spans: [
            {
              name: "chat model",
              startTimeUnixNano: "2000",
              attributes: [
                { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
                {
                  key: "gen_ai.system_instructions",
                  value: { stringValue: '[{"type":"text","content":"You are a weather bot."}]' },
                },
                { key: "gen_ai.input.messages", value: { stringValue: JSON.stringify(genAiMessages) } },
                {
                  key: "gen_ai.output.messages",
                  value: {
                    stringValue: JSON.stringify([
                      {
                        role: "assistant",
                        parts: [{ type: "text", content: "4°C and rain." }],
                        finish_reason: "stop",
                      },
                    ]),
                  },
                },
              ],
            },
            {
              name: "chat model",
              startTimeUnixNano: "1000",
              attributes: [
                {
                  key: "gen_ai.input.messages",
                  value: { stringValue: JSON.stringify(genAiMessages.slice(0, 1)) },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("readConversation", () => {
  it.each([
    ["openai", openai],
    ["anthropic", anthropic],
    ["langchain", langchain],
    ["otel", otlp],
  ])("reads %s into the same messages, the format detected", (format, value) => {
    if (format !== "anthropic") expect(conversationFormat(value)).toBe(format);
    expect(readConversation(value)).toEqual(expected);
  });

  it("reads the airgap-eval form back as it is, so results files read the same", () => {
    expect(readConversation(expected)).toEqual(expected);
    expect(conversationFormat(expected)).toBe("airgap-eval");
  });

  it("takes a named format, from the caller or the value", () => {
    const plain = [{ role: "user", content: "hi" }];
    expect(readConversation(plain, { format: "anthropic" })).toEqual([{ role: "user", content: "hi" }]);
    expect(readConversation({ format: "langchain", messages: [{ type: "human", content: "hi" }] })).toEqual([
      { role: "user", content: "hi" },
    ]);
  });

  it("reads OpenTelemetry execute_tool spans when no message content was recorded", () => {
    const spans = [
      {
        name: "execute_tool weather",
        startTime: 2,
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "weather",
          "gen_ai.tool.call.id": "c2",
          "gen_ai.tool.call.arguments": '{"city":"Bergen"}',
          "gen_ai.tool.call.result": { temp: 7 },
        },
      },
      { name: "invoke_agent", startTime: 1, attributes: { "gen_ai.operation.name": "invoke_agent" } },
    ];
    expect(readConversation(spans)).toEqual([
      {
        role: "assistant",
        content: "",
        toolCalls: [{ name: "weather", args: { city: "Bergen" }, id: "c2" }],
      },
      { role: "tool", content: '{"temp":7}', toolCallId: "c2", name: "weather" },
    ]);
  });

  it("pairs each tool call with its result, by id or else in order", () => {
    expect(madeToolCalls(expected)).toEqual([
      { name: "weather", args: { city: "Oslo", days: 2 }, id: "c1", output: "4°C, rain" },
    ]);
    const noIds = readConversation([
      {
        type: "ai",
        content: "",
        tool_calls: [
          { name: "a", args: {} },
          { name: "b", args: {} },
        ],
      },
      { type: "tool", content: "A" },
      { type: "tool", content: "B" },
    ]);
    expect(madeToolCalls(noIds).map((c) => c.output)).toEqual(["A", "B"]);
  });

  it.each([
    [
      "OpenAI arguments that are not JSON",
      [{ role: "assistant", tool_calls: [{ id: "x", function: { name: "f", arguments: "{city: Oslo}" } }] }],
      [0, "tool_calls", 0, "function", "arguments"],
      /the arguments are not valid JSON/,
    ],
    [
      "OpenAI arguments that are a list",
      [
        { role: "user", content: "q" },
        { role: "assistant", tool_calls: [{ function: { name: "f", arguments: "[1]" } }] },
      ],
      [1, "tool_calls", 0, "function", "arguments"],
      /must be a JSON object of argument name to value, got a list/,
    ],
    ["an unknown role", [{ role: "robot", content: "x" }], [0, "role"], /unknown role "robot"/],
    [
      "an Anthropic tool_use without a name",
      [{ role: "assistant", content: [{ type: "tool_use", id: "t", input: {} }] }],
      [0, "content", 0, "name"],
      /the tool name must be a string, got a undefined/,
    ],
    [
      "an Anthropic tool_result in an assistant message",
      [{ role: "assistant", content: [{ type: "tool_result", tool_use_id: "t", content: "x" }] }],
      [0, "content", 0, "type"],
      /belongs in a user message/,
    ],
    [
      "a LangChain message of unknown type",
      [
        { type: "human", content: "q" },
        { type: "robot", content: "x" },
      ],
      [1, "type"],
      /unknown message type/,
    ],
    [
      "LangChain tool call args that are text",
      [{ type: "ai", content: "", tool_calls: [{ name: "f", args: "not json" }] }],
      [0, "tool_calls", 0, "args"],
      /not valid JSON/,
    ],
    [
      "a gen_ai attribute that is not JSON",
      [{ name: "chat", attributes: { "gen_ai.input.messages": "[{" } }],
      [0, "attributes", "gen_ai.input.messages"],
      /is not valid JSON/,
    ],
    [
      "spans with no gen_ai content",
      [{ name: "http", attributes: { "http.method": "GET" } }],
      [],
      /no span has gen_ai\.input\.messages/,
    ],
  ])("names the place of %s", (_what, value, at, says) => {
    let thrown: unknown;
    try {
      readConversation(value);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ConversationReadError);
    expect((thrown as ConversationReadError).path).toEqual(at);
    expect((thrown as Error).message).toMatch(says);
  });
});

describe("readReferenceToolCalls", () => {
  it("reads {name, args}, arguments as JSON text, DeepEval input_parameters, OpenAI's function form and outputs", () => {
    expect(
      readReferenceToolCalls([
        { name: "a", args: { x: 1 } },
        { name: "b", arguments: '{"y": "2"}' },
        { name: "c", input_parameters: { z: true }, output: { ok: 1 } },
        { function: { name: "d", arguments: "{}" } },
        { name: "e" },
      ]),
    ).toEqual([
      { name: "a", args: { x: 1 } },
      { name: "b", args: { y: "2" } },
      { name: "c", args: { z: true }, output: { ok: 1 } },
      { name: "d", args: {} },
      { name: "e", args: {} },
    ]);
    expect(readReferenceToolCalls([])).toEqual([]);
  });
});

describe("a JSONL dataset of conversations", () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-conversations-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("reads each row in its own format and names the line, the message index and the field of a bad one", () => {
    const file = path.join(tmp, "agent.jsonl");
    const rows = [
      { messages: openai, reference_tool_calls: [{ name: "weather", args: { city: "Oslo", days: 2 } }] },
      { messages: anthropic, reference_topics: ["weather"] },
      { messages: langchain, reference_outcome: "The user knows the weather in Oslo." },
      { messages: otlp, reference_messages: openai },
      {
        messages: [
          { role: "user", content: "q" },
          {
            role: "assistant",
            tool_calls: [{ id: "x", type: "function", function: { name: "weather", arguments: "{oops" } }],
          },
        ],
      },
      { messages: openai, reference_tool_calls: [{ name: "weather", args: [1] }] },
    ];
    writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const dataset = loadDataset(file);
    // A bad conversation or tool-call cell is unreadable: its row stays, without that field.
    expect(dataset.samples.map((s) => s.sample.messages)).toEqual([
      expected,
      expected,
      expected,
      expected,
      undefined,
      expected,
    ]);
    expect(dataset.samples[5]!.sample.referenceToolCalls).toBeUndefined();
    expect(dataset.samples[0]!.sample.referenceToolCalls).toEqual([
      { name: "weather", args: { city: "Oslo", days: 2 } },
    ]);
    expect(dataset.samples[3]!.sample.referenceMessages).toEqual(expected);
    expect(dataset.invalid).toEqual([]);
    expect(dataset.badCells).toEqual([
      expect.objectContaining({
        row: 4,
        line: 5,
        field: "messages[1].tool_calls[0].function.arguments",
        message: expect.stringMatching(/the arguments are not valid JSON/),
      }),
      expect.objectContaining({
        row: 5,
        line: 6,
        field: "reference_tool_calls[0].args",
        message: expect.stringMatching(/must be a JSON object of argument name to value, got a list/),
      }),
    ]);
  });

  it("names the wrapped messages' path when the row holds {format, messages}", () => {
    const file = path.join(tmp, "wrapped.jsonl");
    writeFileSync(
      file,
      `${JSON.stringify({ messages: { format: "anthropic", messages: [{ role: "tool", content: "x" }] } })}\n`,
    );
    expect(loadDataset(file).badCells).toEqual([
      expect.objectContaining({
        line: 1,
        field: "messages.messages[0].role",
        message: expect.stringMatching(
          /role "tool" is OpenAI's tool result message, but this conversation is read as Anthropic's format/,
        ),
      }),
    ]);
  });
});
