import type { ChatWrapper, LlamaModel, LlamaText, Token } from "node-llama-cpp";
import type { JudgePrompt } from "../prompts/types.js";
import { toChatHistory } from "./chat-prompt.js";
import { formatCompletionPrompt } from "./completion-prompt.js";
import { loadedNodeLlamaCpp } from "./node-llama-cpp.js";

/**
 * The tokens a judge reads for `prompt`: through the model's chat template when it has one (`chatWrapper`), else
 * the plain completion format with the model's BOS token when it wants one. Through a chat template, the BOS token
 * node-llama-cpp's wrapper starts with is left out when the model adds none (see {@link omitsChatBos}).
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
    const text =
      startsWithBos(contextText) && !model.tokens.shouldPrependBosToken
        ? withoutFirst(contextText)
        : contextText;
    return text.tokenize(model.tokenizer);
  }
  const tokens = model.tokenize(formatCompletionPrompt(prompt), false);
  const bos = model.tokens.bos;
  return model.tokens.shouldPrependBosToken && bos !== null ? [bos, ...tokens] : tokens;
}

/**
 * Whether prompts through `chatWrapper` leave out the BOS token the wrapper starts with. node-llama-cpp's
 * specialized wrappers (ChatML, ...) always start with the model's BOS token, but a model whose GGUF says to add
 * none (`tokenizer.ggml.add_bos_token` false) has a chat template that renders none: for SmolLM2, whose BOS token is
 * `<|im_start|>`, the wrapper's prompt would begin `<|im_start|><|im_start|>system`, which its template never writes.
 *
 * @example
 * if (omitsChatBos(model, wrapper)) settings.chatWrapperBos = false;
 */
export function omitsChatBos(model: LlamaModel, chatWrapper: ChatWrapper | undefined): boolean {
  if (!chatWrapper || model.tokens.shouldPrependBosToken) return false;
  const { contextText } = chatWrapper.generateContextState({ chatHistory: [{ type: "user", text: "" }] });
  return startsWithBos(contextText);
}

function startsWithBos(text: LlamaText): boolean {
  const first = text.values[0];
  return first instanceof loadedNodeLlamaCpp().SpecialToken && first.value === "BOS";
}

function withoutFirst(text: LlamaText): LlamaText {
  return loadedNodeLlamaCpp().LlamaText(text.values.slice(1));
}
