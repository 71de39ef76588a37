// ArenaGEval: descriptor.ts (options), prompt.ts (the two-response prompt, its verdicts), score.ts (seeded
// orderings, the tally: win shares, ties, position flips), judge.ts (one call per ordering, with the verdict's
// probabilities); the evaluation steps come from shared/judge/evaluation-steps.ts (G-Eval's, asked once per metric).

import { InvalidInputError } from "../../errors.js";
import { fieldHint } from "../../sample/field-table.js";
import { nameListedTexts } from "../../sample/named-texts.js";
import { requireText } from "../../sample/validate.js";
import type { MetricOptionsOf } from "../descriptor.js";
import { CustomJudgeMetric, criterionOptionalInputs } from "../shared/base/custom-judge-metric.js";
import { recordedOptions } from "../shared/base/recorded-options.js";
import {
  type EvaluationSteps,
  G_EVAL_STEPS_VERSION,
  gEvalStepsPrompt,
  StepsOnce,
} from "../shared/judge/evaluation-steps.js";
import { newUsage } from "../shared/judge/judge.js";
import type { MetricConfig, MetricResult, Sample } from "../types.js";
import { arenaGEvalDescriptor } from "./descriptor.js";
import { type ArenaJudgement, judgeOrdering } from "./judge.js";
import { type ArenaInput, arenaPrompt } from "./prompt.js";
import { candidatePairs, pairOrderings, tallyArena } from "./score.js";

/** Options of {@link ArenaGEval}: the judge and its descriptor's options, each documented on its schema key. */
export type ArenaGEvalOptions = MetricOptionsOf<typeof arenaGEvalDescriptor>;

/** A row's checked input: the fields the judge sees and the candidates by name, in order. */
export interface ArenaRow {
  fields: ArenaInput;
  candidates: Record<string, string>;
}

/**
 * DeepEval's ArenaGEval, pairwise and position-swapped: two or more candidate responses to the same input (the row's
 * `candidates`, name to text) are judged pair by pair by criteria in words (its evaluation steps written once, as in
 * G-Eval). Each pair is judged in both orders (`swap`), the first order drawn from `seed`, each order one
 * grammar-constrained call whose verdict is "A", "B" or "tie", with its probabilities when the judge reads them. The
 * judge sees blind labels, never the names. The value is the first candidate's win share (wins plus half the ties,
 * over its judged orderings); the details hold every candidate's win share, the ties, the winner and the
 * position-flip rate (how often a pair's verdict changed when its order was swapped).
 *
 * @example
 * const arena = new ArenaGEval({ llm, criteria: "Which answer is more accurate and more helpful?" });
 * const { value, details } = await arena.score({ userInput: "Capital of France?", candidates: { mine: "Paris.", base: "Lyon." } });
 * console.log(value, details?.winShare, details?.positionFlipRate);
 */
export class ArenaGEval extends CustomJudgeMetric<ArenaRow, typeof arenaGEvalDescriptor> {
  static readonly descriptor = arenaGEvalDescriptor;

  private readonly steps: StepsOnce;

  constructor(options: ArenaGEvalOptions) {
    super(options, criterionOptionalInputs);
    this.steps = new StepsOnce(
      this.llm,
      this.name,
      this.options.criteria,
      this.options.evaluationSteps,
      this.settings,
    );
  }

  /** The evaluation steps: the given ones, or the judge's (asked once; a failed attempt is retried by the next row). */
  evaluationSteps(signal?: AbortSignal): Promise<EvaluationSteps> {
    return this.steps.get(signal);
  }

  protected override validate(sample: Sample, row: number | undefined): ArenaRow {
    return { fields: this.judgeInputs(sample, row), candidates: readCandidates(sample.candidates, row) };
  }

  protected async compute(input: ArenaRow, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = await this.evaluationSteps(signal);
    const template = arenaPrompt(this.name, this.options.criteria, steps.steps, this.options.reasons);
    const names = Object.keys(input.candidates);
    const rowKey = JSON.stringify([input.fields, input.candidates]);
    const usage = newUsage();
    const judgements: ArenaJudgement[] = [];
    for (const pair of candidatePairs(names)) {
      for (const shown of pairOrderings(pair, this.options.seed, rowKey, this.options.swap)) {
        judgements.push(
          await judgeOrdering(
            this.llm,
            template,
            input.fields,
            input.candidates,
            shown,
            this.settings,
            usage,
            signal,
          ),
        );
      }
    }
    const tally = tallyArena(names, judgements);
    const first = names[0]!;
    const flips =
      tally.positionFlipRate === null
        ? ""
        : `; the verdict changed with the order in ${tally.positionFlips} of ${tally.swappedPairs} pairs`;
    return {
      value: tally.winShare[first]!,
      status: "ok",
      reason: `${tally.winner ?? "no single candidate"} won most (win share ${names.map((n) => `${n} ${tally.winShare[n]!.toFixed(2)}`).join(", ")})${flips}`,
      details: {
        candidates: names,
        ...tally,
        judgements,
        seed: this.options.seed,
        evaluationSteps: steps.steps,
        stepsSource: steps.source,
        promptVersion: template.version,
        usage,
      },
    };
  }

  /** The steps prompt's version and the head-to-head prompt's (criteria and given steps fingerprinted onto it). */
  protected override promptVersions(): Record<string, string> {
    return {
      [gEvalStepsPrompt.name]: G_EVAL_STEPS_VERSION,
      [`arena_g_eval/${this.name}`]: arenaPrompt(
        this.name,
        this.options.criteria,
        this.options.evaluationSteps ?? [],
        this.options.reasons,
      ).version,
    };
  }

  /**
   * Every option of the schema (`recordedOptions`), the steps joined by line (a step is a sentence that may hold
   * commas, as G-Eval records them), and whether the judge read the verdicts' probabilities.
   */
  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: "arena_g_eval",
      ...recordedOptions(this.descriptor.options, this.options),
      evaluationSteps: this.options.evaluationSteps?.join("\n") ?? null,
      choiceSlots: this.llm.readsChoiceSlots === true,
    };
  }
}

/**
 * A row's candidates, name to text: an object, or a list named `candidate_1`, ... (as the dataset reads it). At least
 * two, each a non-empty text, none named "tie" (the verdict's own name); else `InvalidInputError` naming the row.
 */
function readCandidates(value: unknown, row: number | undefined): Record<string, string> {
  const where = { field: "candidates", row };
  if (value === undefined || value === null)
    throw new InvalidInputError(`is missing; ${fieldHint("candidates")}`, where);
  if (typeof value !== "object") {
    throw new InvalidInputError(
      `must be an object of name to text or a list of texts; ${fieldHint("candidates")}`,
      where,
    );
  }
  const named = Array.isArray(value) ? nameListedTexts(value) : (value as Record<string, unknown>);
  const names = Object.keys(named);
  if (names.length < 2) {
    throw new InvalidInputError(
      `holds ${names.length} candidate${names.length === 1 ? "" : "s"} (${names.join(", ") || "none"}); a head-to-head needs two or more`,
      where,
    );
  }
  if (names.includes("tie")) {
    throw new InvalidInputError(
      'names a candidate "tie", which is the name of a tied verdict; rename it',
      where,
    );
  }
  if (names.includes("__proto__")) {
    throw new InvalidInputError(
      'names a candidate "__proto__", which no object can hold as a name; rename it',
      where,
    );
  }
  // An object puts integer-like keys first, in numeric order, so the first candidate (the one the value is for) would
  // not be the first written.
  const integerLike = names.find((name) => /^(0|[1-9]\d*)$/.test(name));
  if (integerLike !== undefined && !Array.isArray(value)) {
    throw new InvalidInputError(
      `names a candidate "${integerLike}": integer-like names are read before the others, whatever their place, so the first candidate (the one the value is for) could change; start each name with a letter (c${integerLike}), or give a list`,
      where,
    );
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      requireText(named[name], { field: `candidates.${name}`, row }, "give a non-empty text"),
    ]),
  );
}
