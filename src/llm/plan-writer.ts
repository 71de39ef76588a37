// Jump-forward for answers whose shape is known (GenerateObjectOptions.plan): the known text is fed to the model in
// one batch per stretch instead of one forward pass per token, a JSON string part is generated under a string
// grammar, and a choice part is written greedily under a grammar of its values, its distribution read when asked.
import type {
  GbnfJsonSchema,
  Llama,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
  Token,
} from "node-llama-cpp";
import { InvalidInputError, JudgeOutputError } from "../errors.js";
import { SharedCalls } from "../util/shared-calls.js";
import { importNodeLlamaCpp } from "./node-llama-cpp.js";
import { type StepCandidate, valueProbabilities } from "./slot-tracker.js";
import { candidatesOf, type Generation, generateUnderGrammar, type TokenLoopSettings } from "./token-loop.js";
import type { AnswerPart, SlotProbabilities } from "./types.js";

/** What writing one answer from a plan produced. */
export interface PlanWriting extends Generation {
  /** Answer tokens written from the plan's text parts, evaluated in batches. */
  prefilledTokens: number;
  /** The value written at each choice, in plan order. */
  choices: string[];
  /** The distribution read at each choice whose key `read` accepted, in plan order. */
  slots: SlotProbabilities[];
}

/** Most tokens a choice's value may take, whitespace before it included. */
const MAX_CHOICE_TOKENS = 16;

/** The grammars a plan needs: a JSON string (of at most `maxLength` characters), and one value of a choice's values. */
export interface PlanGrammars {
  string: (maxLength?: number) => Promise<LlamaGrammar>;
  choice: (values: readonly string[]) => Promise<LlamaGrammar>;
}

/**
 * The plan grammars of a llama.cpp runtime, each made once: a JSON string of at least one character (the answer's
 * schema checks the rest), and per value set, exactly one of the values. A grammar that fails to build is dropped,
 * so the next call tries again.
 *
 * @example
 * const grammars = planGrammarsFor(llama);
 * await writeFromPlan(model, sequence, tokens, 0, plan, grammars, settings);
 */
export function planGrammarsFor(llama: Llama): PlanGrammars {
  const made = new SharedCalls<string, LlamaGrammar>("until-failure");
  const once = (key: string, schema: GbnfJsonSchema) =>
    made.share(key, () => llama.createGrammarForJsonSchema<GbnfJsonSchema>(schema));
  return {
    string: (maxLength) =>
      once(
        `string ${maxLength ?? ""}`,
        maxLength === undefined
          ? { type: "string", minLength: 1 }
          : { type: "string", minLength: 1, maxLength },
      ),
    choice: (values) =>
      once(JSON.stringify(values), {
        enum: values.map((v) => JSON.parse(v) as string | number | boolean | null),
      } as GbnfJsonSchema),
  };
}

/** How a plan's known text is tokenized: each text part alone, as {@link writeFromPlan} feeds it. */
function textTokens(model: LlamaModel, text: string): Token[] {
  return model.tokenize(text, false, "trimLeadingSpace");
}

/**
 * The room a plan takes in the context beyond its strings' budget (`maxTokens`): its text parts' tokens, and per
 * choice its longest value's tokens plus one (a whitespace step the judge may take first).
 *
 * @example
 * const fits = promptTokens.length + planReservedTokens(model, plan) + maxTokens <= contextSize;
 */
export function planReservedTokens(model: LlamaModel, plan: readonly AnswerPart[]): number {
  let reserved = 0;
  for (const part of plan) {
    if (part.kind === "text") reserved += textTokens(model, part.text).length;
    else if (part.kind === "choice") {
      reserved += 1 + Math.max(...part.values.map((v) => textTokens(model, v).length));
    }
  }
  return reserved;
}

/**
 * Checks a plan: a non-empty list of text, string and choice parts, choices with at least two distinct non-empty
 * values. Throws `InvalidInputError` naming `plan[i]`.
 */
export function checkPlan(plan: readonly AnswerPart[]): void {
  if (!Array.isArray(plan) || plan.length === 0) {
    throw new InvalidInputError("must list the parts of the answer", { field: "plan" });
  }
  for (const [i, part] of plan.entries()) {
    const field = `plan[${i}]`;
    if (part?.kind === "text" && typeof part.text === "string") continue;
    if (
      part?.kind === "string" &&
      (part.maxLength === undefined || (Number.isInteger(part.maxLength) && part.maxLength >= 1))
    )
      continue;
    if (part?.kind === "choice") {
      const values: unknown = part.values;
      const valid =
        typeof part.key === "string" &&
        Array.isArray(values) &&
        values.length >= 2 &&
        values.every((v) => typeof v === "string" && isJsonValue(v)) &&
        new Set(values).size === values.length;
      if (valid) continue;
      throw new InvalidInputError("a choice needs a key and at least two distinct values, each JSON text", {
        field,
      });
    }
    throw new InvalidInputError(
      'must be { kind: "text", text }, { kind: "string" } (maxLength, when given, a whole number of at least 1) or { kind: "choice", key, values }',
      {
        field,
      },
    );
  }
}

/**
 * Writes an answer from `plan` on `sequence`, after `promptTokens` of which the first `keep` are already in the
 * sequence. Text parts are tokenized alone and appended unevaluated; they are evaluated in one batch when the next
 * string or choice needs the model (a final text part is not evaluated at all). A choice is written greedily under a
 * grammar of its values, so the value written is the most probable allowed one; when `opts.read` accepts its key, the
 * distribution over the grammar-allowed tokens is read at each of its steps (as in the token loop's slots). A string
 * part runs the grammar-constrained token loop.
 */
export async function writeFromPlan(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  promptTokens: Token[],
  keep: number,
  plan: readonly AnswerPart[],
  grammars: PlanGrammars,
  opts: Omit<TokenLoopSettings, "choiceSlots"> & {
    /** false feeds the known tokens one forward pass each (token-by-token decoding, for comparison). Defaults to true. */
    batched?: boolean;
    /**
     * Whether to read the distribution at a choice with this key (reported in `slots`). Reading asks llama.cpp for
     * every token's probability, which costs a pass over the whole vocabulary per step; an unread choice is written
     * greedily under the same grammar, so its value is the same. Defaults to reading every choice.
     */
    read?: (key: string) => boolean;
  },
): Promise<PlanWriting> {
  const kept = Math.min(keep, promptTokens.length - 1);
  if (kept <= 0) await sequence.clearHistory();
  else if (sequence.nextTokenIndex > kept) {
    await sequence.eraseContextTokenRanges([{ start: kept, end: sequence.nextTokenIndex }]);
  }
  let pending: Token[] = promptTokens.slice(Math.max(0, kept));
  if (opts.batched === false) {
    // The prompt is read in one batch either way; only the answer's known tokens go one at a time.
    if (pending.length > 1) await sequence.evaluateWithoutGeneratingNewTokens(pending.slice(0, -1));
    pending = pending.slice(-1);
  }
  let text = "";
  let generated = 0;
  /** Tokens of the string parts: together they have the answer budget (`maxTokens`, continued once to `retryBudget`). */
  let written = 0;
  let prefilled = 0;
  const slots: SlotProbabilities[] = [];
  const choices: string[] = [];
  const read = opts.read ?? (() => true);

  for (const part of plan) {
    if (opts.signal.aborted) throw opts.signal.reason;
    if (part.kind === "text") {
      const tokens = textTokens(model, part.text);
      pending = [...pending, ...tokens];
      prefilled += tokens.length;
      text += part.text;
    } else if (part.kind === "choice") {
      if (opts.batched === false) pending = await feedOneByOne(sequence, pending);
      const reading = read(part.key);
      const choice = await writeChoice(
        model,
        sequence,
        pending,
        await grammars.choice(part.values),
        part.values,
        reading,
      );
      choices.push(choice.written);
      if (reading) {
        slots.push({
          key: part.key,
          written: choice.written,
          ...valueProbabilities(part.values, choice.steps),
        });
      }
      pending = [choice.last];
      generated += choice.tokens;
      text += choice.raw;
    } else {
      if (pending.length === 0) throw new Error("a string part needs known text or a value before it");
      if (opts.batched === false) pending = await feedOneByOne(sequence, pending);
      const context = [...sequence.contextTokens, ...pending];
      // The string parts share the answer budget as a free answer's tokens do: up to maxTokens, then once up to
      // retryBudget.
      const left = opts.maxTokens - written;
      const retryLeft = opts.retryBudget - written;
      const result =
        retryLeft <= 0
          ? { text: "", tokens: 0, finished: false }
          : await generateUnderGrammar(
              model,
              sequence,
              context,
              sequence.nextTokenIndex,
              await grammars.string(part.maxLength),
              { ...opts, maxTokens: left > 0 ? left : retryLeft, retryBudget: retryLeft },
            );
      pending = [];
      generated += result.tokens;
      written += result.tokens;
      if (!result.finished) {
        throw new JudgeOutputError(
          `Judge output was cut off in a free-text part of its answer after ${written} tokens of free text (maxTokens ${opts.maxTokens}, continued to ${opts.retryBudget}); raise maxTokens.`,
          text + result.text,
        );
      }
      text += result.text;
    }
  }
  return {
    text,
    tokens: generated,
    finished: true,
    evaluatedPromptTokens: promptTokens.length - Math.max(0, kept),
    prefilledTokens: prefilled,
    choices,
    slots,
  };
}

/** Evaluates every token of `pending` but the last one forward pass at a time; returns the last one. */
async function feedOneByOne(sequence: LlamaContextSequence, pending: Token[]): Promise<Token[]> {
  for (const token of pending.slice(0, -1)) await sequence.evaluateWithoutGeneratingNewTokens([token]);
  return pending.slice(-1);
}

/**
 * Writes one value of `values` greedily under `grammar` after `pending`, reading the grammar-allowed distribution at
 * every step when `read` (else no steps are recorded). A whitespace step before the value is replaced by the next
 * read (as in the token loop's slots). Returns the value, the reads, the tokens sampled and the last one (sampled,
 * not yet evaluated).
 */
async function writeChoice(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  pending: Token[],
  grammar: LlamaGrammar,
  values: readonly string[],
  read: boolean,
): Promise<{
  written: string;
  raw: string;
  steps: Array<{ partial: string; candidates: StepCandidate[] }>;
  tokens: number;
  last: Token;
}> {
  const { LlamaGrammarEvaluationState } = await importNodeLlamaCpp();
  const grammarEvaluationState = new LlamaGrammarEvaluationState({ model, grammar });
  const steps: Array<{ partial: string; candidates: StepCandidate[] }> = [];
  const out: Token[] = [];
  let input = pending;
  while (out.length < MAX_CHOICE_TOKENS) {
    const iterator = sequence.evaluateWithMetadata(
      input,
      { probabilities: read },
      { temperature: 0, grammarEvaluationState, yieldEogToken: true },
    );
    const { value: step } = await iterator.next();
    await iterator.return();
    if (!step || step.token === undefined || model.isEogToken(step.token)) break;
    const token = step.token;
    if (read) {
      const partial = model.detokenize(out).trim();
      if (partial === "" && steps.at(-1)?.partial === "") steps.pop();
      const probabilities = (step as { probabilities?: Map<Token, number> }).probabilities!;
      steps.push({ partial, candidates: candidatesOf(model, probabilities, token, out) });
    }
    out.push(token);
    input = [token];
    const text = model.detokenize(out).trim();
    if (values.includes(text) && !values.some((v) => v !== text && v.startsWith(text))) break;
  }
  const written = model.detokenize(out).trim();
  if (!values.includes(written) || out.length === 0) {
    throw new JudgeOutputError(
      `Judge wrote "${written}" where one of ${values.join(", ")} was required.`,
      written,
    );
  }
  return { written, raw: model.detokenize(out), steps, tokens: out.length, last: out.at(-1)! };
}

function isJsonValue(text: string): boolean {
  try {
    JSON.parse(text);
    return text.trim() === text && text !== "";
  } catch {
    return false;
  }
}
