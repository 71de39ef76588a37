// The agent matchers of airgap-eval/vitest: `toMatchTrajectory` (agentevals' trajectory match, the
// trajectory_match metric) and `toHaveToolCallAccuracy` (Ragas' tool call accuracy, the tool_call_accuracy
// metric). Both score through the metric itself; the failure message lists the calls its details.callMatching
// names as missing, extra, out of order, in another message or with other arguments.
import {
  conversationCalls as callsOf,
  isCallMatching,
  unmatchedCallLines,
} from "../metrics/shared/conversation/call-pairing-text.js";
import { ToolCallAccuracy } from "../metrics/tool-call-accuracy/metric.js";
import { TrajectoryMatch } from "../metrics/trajectory-match/metric.js";
import type {
  ToolArgsMatchMode,
  ToolArgsMatchOverride,
  TrajectoryMatchMode,
} from "../metrics/trajectory-match/score.js";
import type { MetricResult, Sample } from "../metrics/types.js";
import type { ConversationMessage, ToolCall } from "../sample/conversation/messages.js";
import { readConversation } from "../sample/conversation/read.js";
import { readReferenceToolCalls } from "../sample/conversation/tool-calls.js";
import type { ScoreExpectation } from "../testing/expectation.js";

/** Options of `toMatchTrajectory`. */
export interface TrajectoryExpectation {
  /**
   * strict: the same messages, roles and calls message by message; unordered: the same calls in any order; subset:
   * every call made is in the reference; superset: every reference call was made. Defaults to "strict".
   */
  mode?: TrajectoryMatchMode;
  /** How arguments of calls to the same tool compare (exact, ignore, subset, superset). Defaults to "exact". */
  args?: ToolArgsMatchMode;
  /** Per tool name, a mode, or the argument paths ("a.b") that must be equal, the rest ignored. Defaults to none. */
  toolArgs?: Readonly<Record<string, ToolArgsMatchOverride>>;
  /** python (1 == 1.0 == true) or strict (deep strict equality). Defaults to "python". */
  valueEquality?: "python" | "strict";
}

/** Options of `toHaveToolCallAccuracy`: a score range, and the metric's `strictOrder` (defaults to true). */
export interface ToolCallAccuracyExpectation extends ScoreExpectation {
  strictOrder?: boolean;
}

/** Whether a value is a list of tool calls ({name, args} or OpenAI's {function}) rather than of messages. */
function isToolCallList(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) =>
        item !== null &&
        typeof item === "object" &&
        !("role" in item) &&
        !("attributes" in item) &&
        ("name" in item || "function" in item),
    )
  );
}

/**
 * A trajectory as a conversation: any format the conversation readers accept (OpenAI, Anthropic, LangChain, OTel
 * GenAI, canonical), or a list of tool calls, read as one assistant message per call (so strict mode compares
 * their order).
 */
export function trajectoryConversation(value: unknown): ConversationMessage[] {
  if (!isToolCallList(value)) return readConversation(value);
  return readReferenceToolCalls(value).map(
    (call): ConversationMessage => ({
      role: "assistant",
      content: "",
      toolCalls: [{ name: call.name, args: call.args }],
    }),
  );
}

/** The lines that say which calls did not match, from a result's details.callMatching. */
export function callMatchingLines(
  result: MetricResult,
  made: readonly ToolCall[],
  reference: readonly ToolCall[],
): string[] {
  const matching = result.details?.callMatching;
  if (!isCallMatching(matching)) return [];
  return unmatchedCallLines(matching, made, reference).map((line) => `  ${line}`);
}

/** What `toMatchTrajectory` scores: the sample and the metric, or why the inputs could not be read. */
export function trajectoryAssertion(
  received: unknown,
  reference: unknown,
  options: TrajectoryExpectation = {},
): { metric: TrajectoryMatch; sample: Sample; made: ConversationMessage[]; expected: ConversationMessage[] } {
  const read = (value: unknown, what: string) => {
    try {
      return trajectoryConversation(value);
    } catch (err) {
      throw new Error(
        `toMatchTrajectory: the ${what} could not be read as a conversation or a list of tool calls: ${(err as Error).message}`,
      );
    }
  };
  const made = read(received, "received trajectory");
  const expected = read(reference, "reference trajectory");
  const metric = new TrajectoryMatch({
    trajectoryMatchMode: options.mode ?? "strict",
    toolArgsMatchMode: options.args ?? "exact",
    toolArgsMatchOverrides: Object.fromEntries(
      Object.entries(options.toolArgs ?? {}).map(([tool, v]) => [tool, typeof v === "string" ? v : [...v]]),
    ),
    valueEquality: options.valueEquality ?? "python",
  });
  return { metric, sample: { messages: made, referenceMessages: expected }, made, expected };
}

/** The failure text of `toMatchTrajectory`: the verdict, then each call that did not match. */
export function trajectoryMessage(
  result: MetricResult,
  made: readonly ConversationMessage[],
  expected: readonly ConversationMessage[],
  isNot: boolean,
): string {
  const head = isNot
    ? `expected the trajectory not to match the reference, but ${result.reason}`
    : `expected the trajectory to match the reference, but ${result.reason}`;
  const lines = callMatchingLines(result, callsOf(made), callsOf(expected));
  const roles = (ms: readonly ConversationMessage[]) => ms.map((m) => m.role).join(", ");
  if (!isNot && result.details?.mode === "strict" && roles(made) !== roles(expected)) {
    lines.push(
      `  strict mode compares message by message, and the roles differ: made ${made.length} messages (${roles(made)}), the reference ${expected.length} (${roles(expected)})`,
    );
  }
  return [head, ...lines].join("\n");
}

/** What `toHaveToolCallAccuracy` scores. */
export function toolCallAccuracyAssertion(
  received: unknown,
  reference: unknown,
  options: ToolCallAccuracyExpectation,
): { metric: ToolCallAccuracy; sample: Sample; made: ToolCall[]; expected: ToolCall[] } {
  const conversation = trajectoryConversation(received);
  const expected = readReferenceToolCalls(reference);
  const metric = new ToolCallAccuracy({ strictOrder: options.strictOrder ?? true });
  return {
    metric,
    sample: { messages: conversation, referenceToolCalls: expected },
    made: callsOf(conversation),
    expected,
  };
}
