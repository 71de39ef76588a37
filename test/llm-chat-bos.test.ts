// The BOS token of a chat prompt: node-llama-cpp's ChatML wrapper starts every prompt with the model's BOS token,
// but a model whose GGUF says to add none (SmolLM2: add_bos_token false, BOS = <|im_start|>) has a template that
// renders none; the judge must read what the model's own template writes, not <|im_start|><|im_start|>system.
import type { LlamaModel, Token, Tokenizer } from "node-llama-cpp";
import { ChatMLChatWrapper, JinjaTemplateChatWrapper } from "node-llama-cpp";
import { beforeAll, describe, expect, it } from "vitest";
import { toChatHistory } from "../src/llm/chat-prompt.js";
import { importNodeLlamaCpp } from "../src/llm/node-llama-cpp.js";
import { omitsChatBos, promptTokensOf } from "../src/llm/prompt-tokens.js";
import type { JudgePrompt } from "../src/prompts/types.js";

/** SmolLM2-135M-Instruct's chat template (tokenizer.chat_template of its GGUF). */
const SMOLLM2_TEMPLATE =
  "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}{{ '<|im_start|>system\\nYou " +
  "are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\\n' }}{% endif %}{{'<|im_start|>' + " +
  "message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}" +
  "{{ '<|im_start|>assistant\\n' }}{% endif %}";

const IM_START = 1 as Token;
const IM_END = 2 as Token;

/** A tokenizer of SmolLM2's shape: <|im_start|> (also its BOS) and <|im_end|> are special, other text is per char. */
const tokenizer = ((text: string, special?: boolean | "builtin"): Token[] => {
  if (special === "builtin") return text === "BOS" ? [IM_START] : text === "EOS" ? [IM_END] : [];
  const parts = special === true ? text.split(/(<\|im_start\|>|<\|im_end\|>)/) : [text];
  return parts.flatMap((part) =>
    part === "<|im_start|>"
      ? [IM_START]
      : part === "<|im_end|>"
        ? [IM_END]
        : [...part].map((c) => (1000 + c.charCodeAt(0)) as Token),
  );
}) as Tokenizer;

function fakeModel(addsBos: boolean): LlamaModel {
  return {
    tokenizer,
    tokenize: (text: string) => tokenizer(text, false),
    tokens: { bos: IM_START, shouldPrependBosToken: addsBos },
  } as unknown as LlamaModel;
}

const prompt: JudgePrompt = {
  name: "p",
  version: "1",
  system: "Reply with JSON only.",
  examples: [{ input: "Is the sky blue?", output: '{"verdict":1}' }],
  input: "Is grass red?",
};

describe("the BOS token of a prompt through a chat template", () => {
  // promptTokensOf runs once a model is loaded, so node-llama-cpp has been imported (src/llm/node-llama-cpp.ts).
  beforeAll(async () => {
    await importNodeLlamaCpp();
  });
  it("is left out when the model adds none, so the prompt is what the model's own template writes", () => {
    const model = fakeModel(false);
    const wrapper = new ChatMLChatWrapper();
    const ours = promptTokensOf(model, wrapper, prompt);
    const own = new JinjaTemplateChatWrapper({ template: SMOLLM2_TEMPLATE })
      .generateContextState({ chatHistory: toChatHistory(prompt) })
      .contextText.tokenize(tokenizer);
    expect(ours.slice(0, 2)).toEqual([IM_START, 1000 + "s".charCodeAt(0)]);
    expect(ours).toEqual(own);
    expect(omitsChatBos(model, wrapper)).toBe(true);
  });

  it("is kept when the model adds one", () => {
    const model = fakeModel(true);
    const wrapper = new ChatMLChatWrapper();
    expect(promptTokensOf(model, wrapper, prompt).slice(0, 2)).toEqual([IM_START, IM_START]);
    expect(omitsChatBos(model, wrapper)).toBe(false);
  });

  it("is not a question for the completion format", () => {
    expect(omitsChatBos(fakeModel(false), undefined)).toBe(false);
  });
});
