import type { JudgePrompt } from "../prompts/types.js";

/**
 * Renders a {@link JudgePrompt} as plain completion text, for models without a chat template:
 * the system instruction, then each few-shot example as an `Input:` / `Output:` block, then the
 * input followed by an open `Output:` line that the model completes.
 *
 * @example
 * formatCompletionPrompt({ name: "n", version: "1", system: "Judge.", examples: [], input: "x" });
 * // "Judge.\n\nInput:\nx\nOutput:\n"
 */
export function formatCompletionPrompt(prompt: JudgePrompt): string {
  const blocks: string[] = [];
  const system = prompt.system.trim();
  if (system !== "") blocks.push(system);
  for (const example of prompt.examples) {
    blocks.push(`Input:\n${example.input}\nOutput:\n${example.output}`);
  }
  blocks.push(`Input:\n${prompt.input}\nOutput:\n`);
  return blocks.join("\n\n");
}
