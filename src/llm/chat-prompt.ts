import type { ChatHistoryItem } from "node-llama-cpp";
import type { JudgePrompt } from "../prompts/types.js";

/**
 * Turns a {@link JudgePrompt} into a chat history for a model's chat template: the system
 * instruction, each few-shot example as a user turn and a model turn, the input as the last user
 * turn, and an empty model turn that the model fills in.
 *
 * @example
 * const history = toChatHistory(prompt);
 * const { contextText } = chatWrapper.generateContextState({ chatHistory: history });
 */
export function toChatHistory(prompt: JudgePrompt): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  if (prompt.system.trim() !== "") history.push({ type: "system", text: prompt.system });
  for (const example of prompt.examples) {
    history.push({ type: "user", text: example.input });
    history.push({ type: "model", response: [example.output] });
  }
  history.push({ type: "user", text: prompt.input });
  history.push({ type: "model", response: [] });
  return history;
}
