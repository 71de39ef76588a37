// toMatchTrajectory and toHaveToolCallAccuracy as a test author meets them: conversations in the readers' formats
// or plain tool-call lists, each mode, .not, and failure messages that name the missing, extra and mismatched calls.
import { describe, expect, it } from "vitest";
import "../../src/vitest/index.js";

/** An OpenAI assistant message with tool calls. */
const openAiCalls = (...calls: Array<[string, Record<string, unknown>]>) => ({
  role: "assistant",
  content: null,
  tool_calls: calls.map(([name, args], i) => ({
    id: `call_${i}`,
    type: "function",
    function: { name, arguments: JSON.stringify(args) },
  })),
});

const conversation = [
  { role: "user", content: "Book a table for 4 at Nordlys at 19:00." },
  openAiCalls(["check_availability", { restaurant: "Nordlys", time: "19:00" }]),
  { role: "tool", tool_call_id: "call_0", content: "available" },
  openAiCalls(["book_table", { restaurant: "Nordlys", party_size: 4, time: "19:00" }]),
  { role: "tool", tool_call_id: "call_0", content: "booked #A17" },
  { role: "assistant", content: "Booked: A17." },
];

const expectedCalls = [
  { name: "check_availability", args: { restaurant: "Nordlys", time: "19:00" } },
  { name: "book_table", args: { restaurant: "Nordlys", party_size: 4, time: "19:00" } },
];

/** The failure message of a synchronous assertion. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("the assertion passed");
}

describe("toMatchTrajectory", () => {
  it("matches an OpenAI conversation against a tool-call list, and an Anthropic conversation against itself", () => {
    expect(conversation).toMatchTrajectory(expectedCalls, { mode: "unordered" });
    expect(conversation).toMatchTrajectory(expectedCalls, { mode: "superset", args: "subset" });
    const anthropic = {
      format: "anthropic",
      messages: [
        { role: "user", content: "Invoice 2291?" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "find_invoice", input: { number: 2291 } }],
        },
      ],
    };
    expect(anthropic).toMatchTrajectory([{ name: "find_invoice", args: { number: 2291 } }], {
      mode: "unordered",
    });
  });

  it("strict mode on tool-call lists compares their order", () => {
    const swapped = [expectedCalls[1], expectedCalls[0]];
    expect(expectedCalls).toMatchTrajectory(expectedCalls);
    expect(swapped).not.toMatchTrajectory(expectedCalls);
    expect(swapped).toMatchTrajectory(expectedCalls, { mode: "unordered" });
  });

  it("names the missing call, the extra call and the argument that differs", () => {
    const made = [
      { name: "check_availability", args: { restaurant: "Nordlys", time: "20:00" } },
      { name: "send_email", args: { to: "x@example.com" } },
    ];
    const message = failure(() => expect(made).toMatchTrajectory(expectedCalls, { mode: "unordered" }));
    expect(message).toContain(
      "expected the trajectory to match the reference, but the trajectory does not match",
    );
    expect(message).toContain(
      'argument mismatch: made #1 check_availability({"restaurant":"Nordlys","time":"20:00"}) for expected #1 check_availability({"restaurant":"Nordlys","time":"19:00"}): time different',
    );
    expect(message).toContain(
      'missing: expected #2 book_table({"restaurant":"Nordlys","party_size":4,"time":"19:00"}) was not called',
    );
    expect(message).toContain('extra: #2 send_email({"to":"x@example.com"}) was not expected');
  });

  it("applies per-tool argument rules (toolArgs) and the argument mode", () => {
    const made = [{ name: "search", args: { q: "oslo weather", page: 2 } }];
    const reference = [{ name: "search", args: { q: "oslo weather", page: 1 } }];
    expect(made).not.toMatchTrajectory(reference);
    expect(made).toMatchTrajectory(reference, { toolArgs: { search: ["q"] } });
    expect(made).toMatchTrajectory(reference, { args: "ignore" });
  });

  it("says why a strict match fails when the messages do not line up", () => {
    const withText = [{ role: "assistant", content: "Checking." }, ...conversation];
    const message = failure(() => expect(withText).toMatchTrajectory(conversation));
    expect(message).toContain(
      "strict mode compares message by message, and the roles differ: made 7 messages (assistant, user, assistant,",
    );
  });

  it("fails with the reader's error, naming the message and key, when a trajectory cannot be read", () => {
    const bad = [
      {
        role: "assistant",
        tool_calls: [{ id: "x", type: "function", function: { name: "f", arguments: "{oops" } }],
      },
    ];
    expect(() => expect(bad).toMatchTrajectory(expectedCalls)).toThrow(
      /toMatchTrajectory: the received trajectory could not be read as a conversation or a list of tool calls: .*\[0\]\.tool_calls\[0\]\.function\.arguments/,
    );
  });
});

describe("toHaveToolCallAccuracy", () => {
  it("passes within the range and fails below it, naming the calls out of order", async () => {
    await expect(conversation).toHaveToolCallAccuracy(expectedCalls, { atLeast: 1 });
    const swapped = [expectedCalls[1], expectedCalls[0]];
    await expect(swapped).toHaveToolCallAccuracy(expectedCalls, { atLeast: 1, strictOrder: false });
    let message = "";
    try {
      await expect(swapped).toHaveToolCallAccuracy(expectedCalls, { atLeast: 0.5 });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("tool_call_accuracy");
    expect(message).toContain(
      'out of order: made #1 book_table({"restaurant":"Nordlys","party_size":4,"time":"19:00"}) for expected #2 book_table',
    );
    await expect(swapped).not.toHaveToolCallAccuracy(expectedCalls, { atLeast: 0.5 });
  });
});
