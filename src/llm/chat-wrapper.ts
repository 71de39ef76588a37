import type { ChatWrapper, LlamaModel } from "node-llama-cpp";
import { InvalidInputError } from "../errors.js";
import type { PromptFormat } from "./load-options.js";
import { importNodeLlamaCpp } from "./node-llama-cpp.js";

/**
 * The chat template wrapper prompts are rendered with, or `undefined` for the plain completion format:
 * `auto` uses the GGUF's chat template when it has one. Throws `InvalidInputError` when `chat` is
 * asked for and the model has no template.
 *
 * @example
 * const wrapper = await chooseChatWrapper(model, "auto", "judge.gguf");
 */
export async function chooseChatWrapper(
  model: LlamaModel,
  format: PromptFormat | "auto",
  modelPath: string,
): Promise<ChatWrapper | undefined> {
  const template = model.fileInfo.metadata.tokenizer?.chat_template;
  const hasTemplate = typeof template === "string" && template.trim() !== "";
  if (format === "chat" && !hasTemplate) {
    throw new InvalidInputError(
      `"chat" was asked for, but the model has no tokenizer.chat_template. Use "completion" or "auto".`,
      { file: modelPath, field: "promptFormat" },
    );
  }
  if (format === "completion" || !hasTemplate) return undefined;
  const { resolveChatWrapper } = await importNodeLlamaCpp();
  return resolveChatWrapper(model, {
    // Keep prompts free of the current date, so the same input gives the same prompt on every run.
    customWrapperSettings: {
      "llama3.1": { todayDate: null },
      "llama3.2-lightweight": { todayDate: null },
      harmony: { todayDate: null },
      muse: { todayDate: null },
    },
  });
}
