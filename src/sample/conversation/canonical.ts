// airgap-eval's own message shape (messages.ts): what the readers give, read back as it is,
// so a sample written to a results file reads the same again.
import type { ConversationMessage } from "./messages.js";
import { refuseAnthropicToolBlocks, refuseOtherFormatsToolFields } from "./mixed-fields.js";
import {
  callAt,
  isRecord,
  kindOf,
  readFailure,
  stringAt,
  textContentAt,
  toolMessageAt,
} from "./read-error.js";

/** One message in airgap-eval's shape: `{role, content, toolCalls: [{name, args, id}]}`, `{role: "tool", toolCallId}`. */
export function readCanonicalMessage(value: unknown, index: number): ConversationMessage {
  if (!isRecord(value)) readFailure([index], `a message must be an object, got ${kindOf(value)}`);
  refuseOtherFormatsToolFields(value, index, "airgap-eval");
  refuseAnthropicToolBlocks(value, index, "airgap-eval");
  const content = textContentAt(value.content, [index, "content"]);
  switch (value.role) {
    case "system":
    case "user":
      return { role: value.role, content };
    case "assistant": {
      const calls = value.toolCalls ?? [];
      if (!Array.isArray(calls))
        readFailure([index, "toolCalls"], `toolCalls must be a list, got ${kindOf(calls)}`);
      return {
        role: "assistant",
        content,
        toolCalls: calls.map((call: unknown, i) => {
          const at = [index, "toolCalls", i];
          if (!isRecord(call)) readFailure(at, `a tool call must be an object, got ${kindOf(call)}`);
          return callAt(call, at);
        }),
      };
    }
    case "tool":
      if (value.name !== undefined) stringAt(value.name, [index, "name"], "the tool name");
      return toolMessageAt(content, value.toolCallId, [index, "toolCallId"], value.name);
    default:
      return readFailure(
        [index, "role"],
        `unknown role ${JSON.stringify(value.role)}; use system, user, assistant or tool`,
      );
  }
}
