// The files of a generate run: the test set (`<out>`, one row a line, the columns `eval` reads), the rejected
// candidates (`<out>.rejected.jsonl`) and the config (`<out>.config.json`). Every line carries its plan index, so
// a resumed run skips what is done and a merge restores the order.
import type { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { readInputFile, regularFileStats } from "../util/read-input.js";
import { readJsonlFile } from "./jsonl-file.js";
import { type GenerationConfig, testsetFormat } from "./run-config.js";
import { checkTestsetLine } from "./testset-line-schema.js";
import type { Candidate, RejectionReason, TestsetRow } from "./types.js";

/** The three files of a run writing `out`. */
export interface TestsetFiles {
  out: string;
  rejected: string;
  config: string;
}

/** The files beside a test set file. */
export function testsetFiles(out: string): TestsetFiles {
  return { out, rejected: `${out}.rejected.jsonl`, config: `${out}.config.json` };
}

/** What a user's `fillResponse` adds to a row: the RAG system's answer and the contexts it retrieved. */
export interface FilledResponse {
  response: string;
  retrieved_contexts?: string[];
  retrieved_context_ids?: string[];
}

/** A line of the test set file. */
export type TestsetLine = { plan_index: number } & TestsetRow & Partial<FilledResponse>;

/** A line of the rejected file: the candidate (when one was written) and why it was left out. */
export interface RejectedLine {
  plan_index: number;
  reason: RejectionReason;
  candidate: {
    synthesizer_name: Candidate["request"]["synthesizer"];
    user_input: string;
    reference: string;
    reference_context_ids: string[];
  } | null;
}

/** The rejected line of a candidate. */
export function rejectedLine(
  index: number,
  candidate: Candidate | null,
  reason: RejectionReason,
): RejectedLine {
  return {
    plan_index: index,
    reason,
    candidate:
      candidate === null
        ? null
        : {
            synthesizer_name: candidate.request.synthesizer,
            user_input: candidate.question,
            reference: candidate.reference,
            reference_context_ids: candidate.request.chunks.map((c) => c.id),
          },
  };
}

function planIndexOf(value: unknown, file: string, line: number): number {
  const index = (value as { plan_index?: unknown } | null)?.plan_index;
  if (typeof index !== "number" || !Number.isSafeInteger(index) || index < 0) {
    throw new InvalidInputError(
      "has no plan_index (a whole number >= 0): not a line airgap-eval generate wrote; fix or delete it, or start over with --overwrite",
      { file, line, field: "plan_index" },
    );
  }
  return index;
}

/**
 * The lines of a test set or rejected file, each checked against `schema` (the file's line layout, see
 * testset-line-schema.ts), with a plan index each and no index twice.
 */
export function readIndexedLines<T extends { plan_index: number }>(
  file: string,
  schema: z.ZodType,
): { lines: T[]; content: ReturnType<typeof readJsonlFile> } {
  const content = readJsonlFile(file);
  const seen = new Set<number>();
  const lines: T[] = [];
  for (const { value, line } of content.lines) {
    const index = planIndexOf(value, file, line);
    checkTestsetLine(schema, value, file, line);
    if (seen.has(index)) {
      throw new InvalidInputError(
        `holds plan_index ${index} twice; delete one of the lines, or start over with --overwrite`,
        {
          file,
          line,
        },
      );
    }
    seen.add(index);
    lines.push(value as T);
  }
  return { lines, content };
}

/** The config file of a run, or undefined when there is none. */
export function readConfigFile(file: string): GenerationConfig | undefined {
  if (regularFileStats(file, "generate config file") === undefined) return undefined;
  const bytes = readInputFile(file, "generate config file");
  let config: GenerationConfig;
  try {
    config = JSON.parse(bytes.toString("utf8")) as GenerationConfig;
  } catch (err) {
    throw new InvalidInputError(
      "is not a JSON config of airgap-eval generate; delete it or start over with --overwrite",
      { file },
      { cause: err },
    );
  }
  if (config?.format !== testsetFormat) {
    throw new InvalidInputError(
      `is not a config of airgap-eval generate (format is not "${testsetFormat}")`,
      { file },
    );
  }
  return config;
}

/** `lines` ordered by plan index. */
export function byPlanIndex<T extends { plan_index: number }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.plan_index - b.plan_index);
}
