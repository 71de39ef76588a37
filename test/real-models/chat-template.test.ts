// The prompt format the real judges get: SmolLM2-135M-Instruct's prompts go through its own chat template (ChatML),
// token for token what the template in its GGUF renders (through node-llama-cpp's Jinja renderer), with no extra
// BOS token; Gemma 3 270M is a base model with no chat template, so its prompts use the completion format. The
// provenance records which.
import { JinjaTemplateChatWrapper } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toChatHistory } from "../../src/llm/chat-prompt.js";
import { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { checkLoadOptions } from "../../src/llm/load-options.js";
import { openGguf } from "../../src/llm/open-gguf.js";
import { promptTokensOf } from "../../src/llm/prompt-tokens.js";
import { faithfulnessStatementsPrompt } from "../../src/metrics/shared/judge/statements/statements-prompt.js";
import { renderPrompt } from "../../src/prompts/render.js";
import { exampleRows } from "../fixtures/cli/run-cli.js";
import { realModelPath, skipWithoutRealModels } from "../support/real-models.js";

const firstRow = exampleRows()[0] as { user_input: string; response: string };
// A real judge prompt: an instruction, two few-shot turns, the row.
const prompt = renderPrompt(faithfulnessStatementsPrompt, {
  question: firstRow.user_input,
  answer: firstRow.response,
});

const skip = skipWithoutRealModels("real-models/chat-template", ["judge", "gemma"]);

describe.skipIf(skip)("the prompt format of the real judges", () => {
  it("SmolLM2: its own chat template, token for token, as the provenance records", async () => {
    const opened = await openGguf(
      checkLoadOptions({ modelPath: realModelPath("judge"), threads: 1, contextSize: 1024 }),
    );
    try {
      const template = opened.model.fileInfo.metadata.tokenizer.chat_template;
      expect(typeof template).toBe("string");
      expect(opened.chatWrapper?.wrapperName).toBe("ChatML");
      const own = new JinjaTemplateChatWrapper({ template: template as string })
        .generateContextState({ chatHistory: toChatHistory(prompt) })
        .contextText.tokenize(opened.model.tokenizer);
      const ours = promptTokensOf(opened.model, opened.chatWrapper, prompt);
      expect(opened.model.detokenize(ours.slice(0, 3), true)).toBe("<|im_start|>system\n");
      expect(ours).toEqual(own);
    } finally {
      await opened.context.dispose();
      await opened.model.dispose();
    }
    await using llm = await LlamaCppLlm.load({
      modelPath: realModelPath("judge"),
      threads: 1,
      contextSize: 1024,
    });
    expect(llm.provenance().settings).toMatchObject({
      promptFormat: "chat",
      chatWrapper: "ChatML",
      chatWrapperBos: false,
    });
  }, 300_000);

  it("Gemma 3 270M (a base model, no chat template): the completion format, and a schema-shaped answer", async () => {
    await using llm = await LlamaCppLlm.load({
      modelPath: realModelPath("gemma"),
      threads: 2,
      contextSize: 1024,
      maxTokens: 32,
    });
    const settings = llm.provenance().settings;
    expect(settings).toMatchObject({ promptFormat: "completion", chatWrapper: null });
    expect(settings).not.toHaveProperty("chatWrapperBos");
    const answer = await llm.generateObject(
      {
        name: "gemma-check",
        version: "1",
        system: "Does the context support the statement? Answer yes or no.",
        examples: [],
        input: `context: Oxygen is released as a by-product.\nstatement: Plants release oxygen.`,
      },
      z.object({ verdict: z.enum(["yes", "no"]) }),
    );
    console.info(`chat-template: Gemma 3 270M (completion format) answered ${JSON.stringify(answer.value)}`);
    expect(["yes", "no"]).toContain(answer.value.verdict);
  }, 300_000);
});
