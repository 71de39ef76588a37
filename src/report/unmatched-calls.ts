// The tool calls a report lists as not matched: per row and tool-call metric, from each row's details.callMatching.
import {
  conversationCalls,
  isCallMatching,
  unmatchedCallLines,
} from "../metrics/shared/conversation/call-pairing-text.js";
import type { ConversationMessage, ToolCall } from "../sample/conversation/messages.js";
import { readConversation } from "../sample/conversation/read.js";
import { readReferenceToolCalls } from "../sample/conversation/tool-calls.js";
import type { ReportParts } from "./parts.js";

/** The sample's conversation field as canonical messages, or none when it is not a readable conversation. */
function messagesOf(value: unknown): ConversationMessage[] {
  try {
    return value === undefined ? [] : readConversation(value);
  } catch {
    return [];
  }
}

/**
 * Each call a row's details.callMatching does not count as a full match (missing, extra, out of order, in another
 * message, argument mismatch), per row and tool-call metric, as one line of text.
 */
export function* unmatchedCalls(
  parts: ReportParts,
  metrics: readonly string[],
): Generator<{ row: number; metric: string; text: string }> {
  for (const row of parts.rows()) {
    for (const metric of metrics) {
      const matching = row.metrics[metric]?.details?.callMatching;
      if (!isCallMatching(matching)) continue;
      const made = conversationCalls(messagesOf(row.sample.messages));
      const reference =
        matching.referenceField === "referenceMessages"
          ? conversationCalls(messagesOf(row.sample.referenceMessages))
          : readCallsOrNone(row.sample.referenceToolCalls);
      for (const text of unmatchedCallLines(matching, made, reference)) yield { row: row.row, metric, text };
    }
  }
}

function readCallsOrNone(value: unknown): ToolCall[] {
  try {
    return value === undefined ? [] : readReferenceToolCalls(value);
  } catch {
    return [];
  }
}
