import type { JudgePrompt } from "../prompts/types.js";
import { overflowError } from "./overflow-advice.js";

/** Tokens a prefix tokenized on its own may count beyond the same characters inside the whole prompt. */
const prefixSlack = 4;
/** Inputs up to this many characters are tokenized whole (about 0.1 s), so their overflow reports the exact count. */
const exactUpTo = 262_144;

/**
 * Refuses a prompt whose input alone cannot fit the context, without tokenizing all of it.
 *
 * Tokenizing is a synchronous native call: a 5 MB context takes seconds, during which no signal
 * handler (Ctrl-C) runs, and splitting then tokenizes half of it, a quarter... So growing prefixes of
 * `prompt.input` are counted first (starting at 8 characters per token of room, doubling): as soon as a
 * prefix has more tokens than the room left for the prompt, the whole prompt cannot fit and a
 * `ContextOverflowError` is thrown after work proportional to the context size, not to the input.
 * Inputs up to 256 K characters are left to the exact count. Returns without a verdict when the whole input fits on its own; the caller then tokenizes the full
 * prompt as before (now of bounded size).
 *
 * @example
 * assertInputMayFit(prompt, 2048 - 256, (text) => model.tokenize(text, false).length, 2048);
 */
export function assertInputMayFit(
  prompt: JudgePrompt,
  room: number,
  countTokens: (text: string) => number,
  contextSize: number,
): void {
  const input = prompt.input;
  if (input.length <= exactUpTo) return;
  for (let chars = Math.max(16_384, room * 8); ; chars *= 2) {
    if (chars >= input.length) return;
    const tokens = countTokens(input.slice(0, chars));
    if (tokens - prefixSlack > room) {
      throw overflowError(
        `Prompt "${prompt.name}" has more than ${tokens - prefixSlack} tokens in its first ${chars} of ` +
          `${input.length} input characters alone, more than the ${room} tokens the context of ${contextSize} ` +
          "leaves after the answer budget.",
        { promptTokens: tokens - prefixSlack, contextSize, answerTokens: contextSize - room },
      );
    }
  }
}
