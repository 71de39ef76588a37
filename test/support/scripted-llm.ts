// A scripted judge for unit tests: fixed answers keyed by prompt name (in call order, or computed
// from the prompt), validated against the schema like a real judge's grammar-constrained answer.
import type { z } from "zod";
import { ContextOverflowError, JudgeOutputError } from "../../src/errors.js";
import { checkChoiceRequest, normaliseChoices } from "../../src/llm/choice-probabilities.js";
import type {
  ChoiceProbabilities,
  ChoiceRequest,
  ChoiceSlot,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  SlotProbabilities,
} from "../../src/llm/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import type { ModelProvenance } from "../../src/provenance.js";

/** One scripted answer: an object the judge "returns", or an Error it throws. */
export type ScriptedAnswer = unknown;

/** Answers for one prompt name: a list used in call order, or a function of the prompt and call index. */
export type ScriptEntry = readonly ScriptedAnswer[] | ((prompt: JudgePrompt, call: number) => ScriptedAnswer);

/** Options of {@link ScriptedLlm}. */
export interface ScriptedLlmOptions {
  /** Model id reported in provenance. Defaults to "scripted-judge". */
  id?: string;
  /** Throw ContextOverflowError when `prompt.input` is longer than this many characters. Defaults to no limit. */
  maxInputChars?: number;
  /** Parallel calls the judge claims to serve. Defaults to undefined (metrics use 1). */
  concurrency?: number;
  /**
   * Check each answer against the schema, as a grammar-constrained judge does; false returns answers
   * unchecked, like a third-party Llm that trusts its model (the metric's own re-check must catch them).
   * Defaults to true.
   */
  checkSchema?: boolean;
  /**
   * Next-token distributions for `scoreChoices`, by prompt name: a raw probability per choice (normalised like a
   * real judge's), in call order or computed from the call. Without it the scripted judge has no `scoreChoices`,
   * like a third-party Llm without token probabilities. Defaults to none.
   */
  choices?: Record<
    string,
    | readonly Record<string, number>[]
    | ((prompt: JudgePrompt, request: ChoiceRequest) => Record<string, number>)
  >;
  /**
   * Next-token distributions at the verdict slots of `generateObject` answers, by prompt name: for the n-th slot
   * written in the answer (over all calls of that prompt, in answer order), a raw probability per allowed value
   * (normalised like a real judge's). With it the judge reports `readsChoiceSlots`. Defaults to none.
   */
  slotReads?: Record<
    string,
    readonly Record<string, number>[] | ((slot: ChoiceSlot, written: string) => Record<string, number>)
  >;
}

/** A slot read as a judge reports it: `written` with P(1) = `p1` among 0 and 1 (for judges built in tests). */
export function binarySlotRead(key: string, written: string, p1: number): SlotProbabilities {
  return { key, written, probabilities: { "0": 1 - p1, "1": p1 }, mass: 1, approximate: false };
}

/** A call the scripted judge received. */
export interface RecordedCall {
  prompt: JudgePrompt;
  schema: z.ZodType;
  options: GenerateObjectOptions | undefined;
}

/**
 * Test double for {@link Llm}. Answers are looked up by `prompt.name`; an answer that does not match
 * the schema becomes a `JudgeOutputError` (as a real judge whose output cannot be used).
 */
export class ScriptedLlm implements Llm {
  readonly id: string;
  readonly concurrency: number | undefined;
  readonly calls: RecordedCall[] = [];
  /** `scoreChoices` calls received, in order. */
  readonly choiceCalls: Array<{ prompt: JudgePrompt; request: ChoiceRequest }> = [];
  /** Present only when the options script choice distributions. */
  readonly scoreChoices?: (prompt: JudgePrompt, request: ChoiceRequest) => Promise<ChoiceProbabilities>;
  private readonly counts = new Map<string, number>();
  private readonly maxInputChars: number | undefined;
  private readonly checkSchema: boolean;
  private readonly slotScript: ScriptedLlmOptions["slotReads"];
  private readonly slotCounts = new Map<string, number>();
  /** Present (true) only when the options script slot reads. */
  readonly readsChoiceSlots: boolean | undefined;

  constructor(
    private readonly script: Record<string, ScriptEntry>,
    options: ScriptedLlmOptions = {},
  ) {
    this.id = options.id ?? "scripted-judge";
    this.concurrency = options.concurrency;
    this.maxInputChars = options.maxInputChars;
    this.checkSchema = options.checkSchema ?? true;
    this.slotScript = options.slotReads;
    this.readsChoiceSlots = options.slotReads !== undefined ? true : undefined;
    const choiceScript = options.choices;
    if (choiceScript !== undefined) {
      const counts = new Map<string, number>();
      this.scoreChoices = async (prompt, request) => {
        checkChoiceRequest(request);
        this.choiceCalls.push({ prompt, request });
        const entry = choiceScript[prompt.name];
        if (entry === undefined) throw new Error(`ScriptedLlm: no choice script for prompt "${prompt.name}"`);
        const call = counts.get(prompt.name) ?? 0;
        counts.set(prompt.name, call + 1);
        const given = typeof entry === "function" ? entry(prompt, request) : entry[call];
        if (given === undefined) throw new Error(`ScriptedLlm: choice script for "${prompt.name}" ran out`);
        const raw: Record<string, number> = {};
        for (const choice of request.choices) raw[choice] = given[choice] ?? 0;
        return {
          ...normaliseChoices(raw),
          usage: {
            promptTokens: Math.ceil(prompt.input.length / 4),
            completionTokens: request.choices.length,
          },
        };
      };
    }
  }

  /** Calls made for one prompt name. */
  callsFor(name: string): RecordedCall[] {
    return this.calls.filter((c) => c.prompt.name === name);
  }

  async generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    this.calls.push({ prompt, schema, options });
    if (this.maxInputChars !== undefined && prompt.input.length > this.maxInputChars) {
      throw new ContextOverflowError(
        `prompt input of ${prompt.input.length} chars exceeds the scripted window of ${this.maxInputChars}`,
        prompt.input.length,
        this.maxInputChars,
      );
    }
    const entry = this.script[prompt.name];
    if (entry === undefined) throw new Error(`ScriptedLlm: no script for prompt "${prompt.name}"`);
    const call = this.counts.get(prompt.name) ?? 0;
    this.counts.set(prompt.name, call + 1);
    let answer: ScriptedAnswer;
    if (typeof entry === "function") {
      answer = entry(prompt, call);
    } else {
      const list = entry as readonly ScriptedAnswer[];
      if (call >= list.length) {
        throw new Error(
          `ScriptedLlm: script for "${prompt.name}" has ${list.length} answers, call ${call} asked`,
        );
      }
      answer = list[call];
    }
    if (answer instanceof Error) throw answer;
    const usage = { promptTokens: Math.ceil(prompt.input.length / 4), completionTokens: 10 };
    if (!this.checkSchema) return { value: answer as z.output<S>, usage };
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
      throw new JudgeOutputError(
        `scripted answer does not match the schema: ${problems.join("; ")}`,
        JSON.stringify(answer),
      );
    }
    const slots = this.readSlots(prompt.name, parsed.data, options?.choiceSlots);
    return {
      value: parsed.data as z.output<S>,
      usage,
      ...(slots !== undefined ? { slots } : {}),
    };
  }

  /** The scripted slot reads for every requested slot the answer holds, in answer (JSON key) order. */
  private readSlots(
    name: string,
    answer: unknown,
    requested: readonly ChoiceSlot[] | undefined,
  ): SlotProbabilities[] | undefined {
    if (this.slotScript === undefined || requested === undefined || requested.length === 0) return undefined;
    const entry = this.slotScript[name];
    if (entry === undefined) throw new Error(`ScriptedLlm: no slot script for prompt "${name}"`);
    const out: SlotProbabilities[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node !== null && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          const slot = requested.find((s) => s.key === key);
          if (slot === undefined) {
            visit(value);
            continue;
          }
          const written = JSON.stringify(value);
          const n = this.slotCounts.get(name) ?? 0;
          this.slotCounts.set(name, n + 1);
          const given = typeof entry === "function" ? entry(slot, written) : entry[n];
          if (given === undefined) throw new Error(`ScriptedLlm: slot script for "${name}" ran out`);
          const raw: Record<string, number> = {};
          for (const v of slot.values) raw[v] = given[v] ?? 0;
          const { probabilities, mass } = normaliseChoices(raw);
          out.push({ key, written, probabilities, mass, approximate: false });
        }
      }
    };
    visit(answer);
    return out;
  }

  provenance(): ModelProvenance {
    return { id: this.id, kind: "llm", runtime: { name: "scripted", version: "0" }, settings: {} };
  }
}
