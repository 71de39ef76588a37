// promptfoo's grading prompt as the judge reads it. promptfoo renders its chat prompts (llm-rubric, factuality, ...)
// as a JSON list of messages and its RAG prompts as plain text: the system messages become the instruction, earlier
// user/assistant pairs few-shot turns, the last user message the input; plain text, or a list of system messages
// only, is the input.
import { InvalidInputError } from "../errors.js";
import type { JudgePrompt } from "../prompts/types.js";

interface Message {
  role: string;
  content: string;
}

/** A message's text: a string, or the text parts of a list of content parts. */
function contentText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.map((part) =>
    typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string"
      ? (part as { text: string }).text
      : undefined,
  );
  return texts.every((t) => t !== undefined) ? texts.join("\n") : undefined;
}

/** The messages of a prompt that is a JSON list of `{role, content}`, else undefined (plain text). */
function chatMessages(prompt: string): Message[] | undefined {
  if (!prompt.trimStart().startsWith("[")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(prompt);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  const messages: Message[] = [];
  for (const item of parsed) {
    const role = (item as { role?: unknown })?.role;
    const content = contentText((item as { content?: unknown })?.content);
    if (typeof role !== "string" || content === undefined) return undefined;
    messages.push({ role, content });
  }
  return messages;
}

/**
 * The judge prompt for promptfoo's grading prompt `prompt`, answering for `label` (the assertion's grading step),
 * with `answerNote` (how this grader's answer is shaped) after the input.
 *
 * @example
 * graderPrompt('[{"role":"system","content":"Grade it."},{"role":"user","content":"<Output>hi</Output>"}]', "llm-rubric", "");
 * // { name: "promptfoo/llm-rubric", system: "Grade it.", examples: [], input: "<Output>hi</Output>", ... }
 */
export function graderPrompt(prompt: string, label: string, answerNote: string): JudgePrompt {
  const given = chatMessages(prompt) ?? [{ role: "user", content: prompt }];
  // A prompt of system messages only (model-graded-closedqa, select-best) holds its data there: it is the input.
  const messages = given.every((m) => m.role === "system")
    ? [{ role: "user", content: given.map((m) => m.content).join("\n\n") }]
    : given;
  const system = messages.filter((m) => m.role === "system").map((m) => m.content);
  const turns = messages.filter((m) => m.role !== "system");
  const last = turns.at(-1);
  if (last === undefined || last.role !== "user") {
    throw new InvalidInputError(
      `promptfoo's ${label} prompt does not end with a user message (roles: ${messages.map((m) => m.role).join(", ")}); the grader answers the last user message`,
      { field: "prompt" },
    );
  }
  const examples: Array<{ input: string; output: string }> = [];
  let pendingUser: string | undefined;
  for (const turn of turns.slice(0, -1)) {
    if (turn.role === "user")
      pendingUser = [pendingUser, turn.content].filter((t) => t !== undefined).join("\n\n");
    else if (pendingUser !== undefined) {
      examples.push({ input: pendingUser, output: turn.content });
      pendingUser = undefined;
    }
  }
  const input = [pendingUser, last.content, answerNote]
    .filter((t) => t !== undefined && t !== "")
    .join("\n\n");
  return { name: `promptfoo/${label}`, version: "1", system: system.join("\n\n"), examples, input };
}
