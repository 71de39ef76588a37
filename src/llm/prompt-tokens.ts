import type { ChatWrapper, LlamaModel, Token } from "node-llama-cpp";
import type { JudgePrompt } from "../prompts/types.js";
import { toChatHistory } from "./chat-prompt.js";
import { formatCompletionPrompt } from "./completion-prompt.js";

/**
 * The tokens a judge reads for `prompt`: through the model's chat template when it has one (`chatWrapper`), else
 * the plain completion format with the model's BOS token when it wants one.
 *
 * @example
 * const tokens = promptTokensOf(model, await chooseChatWrapper(model, "auto", modelPath), prompt);
 */
export function promptTokensOf(
  model: LlamaModel,
  chatWrapper: ChatWrapper | undefined,
  prompt: JudgePrompt,
): Token[] {
  if (chatWrapper) {
    const { contextText } = chatWrapper.generateContextState({ chatHistory: toChatHistory(prompt) });
    return contextText.tokenize(model.tokenizer);
  }
  const tokens = model.tokenize(formatCompletionPrompt(prompt), false);
  const bos = model.tokens.bos;
  return model.tokens.shouldPrependBosToken && bos !== null ? [bos, ...tokens] : tokens;
}
