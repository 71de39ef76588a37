import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { judgeTextList, MAX_NAME_CHARS } from "../shared/judge/text-schema.js";

/** What the entity step sees: one text (the reference, or the retrieved contexts). */
export interface EntitiesInput {
  text: string;
}

/** The named entities of a text, each once. */
export interface EntitiesOutput {
  entities: string[];
}

/**
 * Version of the entity extraction prompt. 1.1.0: the list is bounded by the text's word count (see
 * {@link entitiesPromptFor}). 1.2.0: each entity is bounded (at most 100 characters: `judgeTextList`).
 */
export const CONTEXT_ENTITY_RECALL_PROMPT_VERSION = "1.2.0";

const INSTRUCTION = [
  "List the named entities in the text: people, places, organisations, works, events, dates and numbers",
  "with units. Write each one once, in the shortest form the text uses for it, exactly as it is spelled there.",
  "Do not list common nouns or descriptions. When the text names nothing, return an empty list.",
  "Reply with JSON only.",
].join("\n");

const EXAMPLES: ReadonlyArray<PromptExample<EntitiesInput, EntitiesOutput>> = [
  {
    input: {
      text: "The Great Wall of China was built over many centuries; its best-known sections date from the Ming dynasty, and it stretches about 21,000 kilometres.",
    },
    output: { entities: ["Great Wall of China", "China", "Ming dynasty", "21,000 kilometres"] },
  },
  {
    input: {
      text: "In 1969 Neil Armstrong and Buzz Aldrin landed on the Moon in Apollo 11, a NASA mission.",
    },
    output: { entities: ["1969", "Neil Armstrong", "Buzz Aldrin", "Moon", "Apollo 11", "NASA"] },
  },
];

/**
 * Context entity recall: the named entities of a text, asked once for the reference and once for
 * the retrieved contexts (joined with newlines, as Ragas does).
 *
 * @example
 * const prompt = renderPrompt(entitiesPrompt, { text: reference });
 */
export const entitiesPrompt: PromptTemplate<EntitiesInput, EntitiesOutput> = {
  name: "context_entity_recall/entities",
  version: CONTEXT_ENTITY_RECALL_PROMPT_VERSION,
  instruction: INSTRUCTION,
  outputSchema: z.object({ entities: judgeTextList(MAX_NAME_CHARS) }),
  examples: EXAMPLES,
  formatInput: (input) => `Text:\n${input.text.trim()}`,
};

/**
 * The most entities a text can have: its words (each entity is at least one word of the text, listed once).
 *
 * @example
 * maxEntities("Light, water and carbon dioxide."); // 5
 */
export function maxEntities(text: string): number {
  return text.split(/\s+/).filter((w) => w !== "").length;
}

/**
 * {@link entitiesPrompt} for one text, its list bounded by {@link maxEntities}: llama.cpp's grammar turns the bound into
 * `maxItems`, so a judge that keeps repeating an entity (SmolLM2-135M-Instruct wrote "Chromatography" until it was cut
 * off at 2,048 tokens on a 13-word reference) closes the list there instead of failing the row.
 */
export function entitiesPromptFor(text: string): PromptTemplate<EntitiesInput, EntitiesOutput> {
  return {
    ...entitiesPrompt,
    outputSchema: z.object({ entities: judgeTextList(MAX_NAME_CHARS).max(Math.max(1, maxEntities(text))) }),
  };
}
