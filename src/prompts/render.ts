import type { JudgePrompt, PromptTemplate } from "./types.js";

function defaultFormat(input: unknown): string {
  return JSON.stringify(input, null, 2);
}

/**
 * Renders a template and one input into a {@link JudgePrompt}.
 *
 * @example
 * const prompt = renderPrompt(statementsPrompt, { question, answer });
 * const { value } = await llm.generateObject(prompt, statementsPrompt.outputSchema);
 */
export function renderPrompt<I, O>(template: PromptTemplate<I, O>, input: I): JudgePrompt {
  const format = template.formatInput ?? defaultFormat;
  return {
    name: template.name,
    version: template.version,
    system: template.instruction,
    examples: template.examples.map((ex) => ({ input: format(ex.input), output: JSON.stringify(ex.output) })),
    input: format(input),
  };
}
