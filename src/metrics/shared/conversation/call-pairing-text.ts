// Which calls matched, as text: one line per pair a tool-call metric did not count as a full match, for the
// vitest matchers' failure messages and the Markdown report. The pairs are the metric's (details.callMatching).

import type { ConversationMessage, ToolCall } from "../../../sample/conversation/messages.js";
import type { CallMatching, CallPair } from "./call-pairing.js";

/** The tool calls of a conversation's assistant messages, in order (the made indexes of callMatching). */
export function conversationCalls(messages: readonly ConversationMessage[]): ToolCall[] {
  return messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []));
}

const callText = (call: ToolCall | undefined, index: number | null) =>
  index === null
    ? ""
    : `#${index + 1} ${call === undefined ? "?" : `${call.name}(${JSON.stringify(call.args)})`}`;

/** One pair as text, e.g. `missing: expected #2 book_table({...}) was not called`. */
export function callPairText(
  pair: CallPair,
  made: readonly ToolCall[],
  reference: readonly ToolCall[],
): string {
  const m = callText(made[pair.made ?? -1], pair.made);
  const r = callText(reference[pair.reference ?? -1], pair.reference);
  const differing = (pair.args ?? []).filter((a) => a.result !== "equal" && a.result !== "ignored");
  const argsText = differing.length > 0 ? `: ${differing.map((a) => `${a.key} ${a.result}`).join(", ")}` : "";
  switch (pair.status) {
    case "matched":
      return `matched: made ${m} for expected ${r}`;
    case "missing":
      return `missing: expected ${r} was not called`;
    case "extra":
      return `extra: ${m} was not expected`;
    case "outOfOrder":
      return `out of order: made ${m} for expected ${r}`;
    case "otherMessage":
      return `in another message: made ${m} for expected ${r}${argsText}`;
    case "partial":
      return `partly matched (${pair.score}): made ${m} for expected ${r}${argsText}`;
    default:
      return `argument mismatch: made ${m} for expected ${r}${argsText}`;
  }
}

/** The lines of the pairs not counted as a full match. */
export function unmatchedCallLines(
  matching: CallMatching,
  made: readonly ToolCall[],
  reference: readonly ToolCall[],
): string[] {
  return matching.pairs.filter((p) => p.status !== "matched").map((p) => callPairText(p, made, reference));
}

/** Whether a details value has the callMatching shape. */
export function isCallMatching(value: unknown): value is CallMatching {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as CallMatching).referenceField === "string" &&
    Array.isArray((value as CallMatching).pairs)
  );
}
