// A message carrying another format's tool fields is refused: each reader reads only its own format's fields, so a
// tool call written the other way (OpenAI's `tool_calls` in a conversation read as airgap-eval's `toolCalls`, or
// the reverse) would be lost without a word and the call scored as never made.
import { readFailure } from "./read-error.js";

/** The tool-call fields of each format that has its own. */
const toolFields = {
  "airgap-eval": ["toolCalls", "toolCallId"],
  openai: ["tool_calls", "tool_call_id", "function_call"],
  langchain: ["tool_calls", "tool_call_id"],
  deepeval: ["tools_called", "toolsCalled"],
} as const;

const formatNames: Readonly<Record<keyof typeof toolFields, string>> = {
  "airgap-eval": "airgap-eval's",
  openai: "OpenAI's",
  langchain: "LangChain's",
  deepeval: "DeepEval's",
};

type FormatWithToolFields = keyof typeof toolFields;

/** Throws at `[index, field]` when message `index`, read as `format`, has another format's tool field. */
export function refuseOtherFormatsToolFields(
  message: Record<string, unknown>,
  index: number,
  format: FormatWithToolFields,
): void {
  const own: readonly string[] = toolFields[format];
  for (const [other, fields] of Object.entries(toolFields)) {
    for (const field of fields) {
      if (own.includes(field) || message[field] === undefined) continue;
      readFailure(
        [index, field],
        `is ${formatNames[other as FormatWithToolFields]} tool field, but this conversation is read as ${formatNames[format]} ` +
          `format, which reads ${own.join(" and ")} ` +
          "and would lose it; write every message of a conversation in one format",
      );
    }
  }
}
